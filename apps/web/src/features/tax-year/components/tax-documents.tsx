import Download from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useDownloadTaxFile, useMyTaxDocuments, useSaveTaxDelivery, useTaxDelivery } from '../api/tax-years.ts';

/** Payout History's Tax documents: the affiliate's year-end forms (corrections beside the forms they replace), and the choice of electronic delivery. */
export function TaxDocuments() {
  const { t } = useTranslation();
  const list = useMyTaxDocuments();
  const delivery = useTaxDelivery();
  const saveDelivery = useSaveTaxDelivery();
  const download = useDownloadTaxFile();
  const [downloading, setDownloading] = useState<number>();
  const rows = list.data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="tax-documents-heading" sx={{ minWidth: 0 }}>
      <Typography id="tax-documents-heading" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t('taxYears.documents')}
      </Typography>
      <Box sx={{ px: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={delivery.data?.electronic ?? false}
              disabled={!delivery.isSuccess || saveDelivery.isPending}
              onChange={(e) => saveDelivery.mutate(e.target.checked, { onSuccess: (reply) => notify.success(reply.message), onError: alertError })}
            />
          }
          label={t('taxYears.consent')}
        />
      </Box>
      {list.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('taxYears.documentsEmpty')}
        </Typography>
      ) : (
        <Box sx={{ pt: 1 }}>
          <ListTable
            label={t('taxYears.documentsTable')}
            columns={[t('taxYears.docColumns.year'), t('taxYears.docColumns.form'), { label: t('taxYears.docColumns.gross'), align: 'right' }, { label: t('taxYears.docColumns.withheld'), align: 'right' }, t('taxYears.docColumns.issued'), t('taxYears.docColumns.download')]}
            count={rows.length}
            pending={!list.isSuccess}
            empty={t('taxYears.documentsEmpty')}
            bare
          >
            {rows.map((d) => (
              <TableRow key={d.id} data-testid={`tax-document-${d.id}`}>
                <TableCell>{d.year}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {d.form} {d.corrected ? <Chip size="small" color="warning" label={t('taxYears.corrected')} sx={{ ml: 0.5 }} /> : null}
                  {d.to_date ? <Chip size="small" variant="outlined" label={t('taxYears.figuresToDate')} sx={{ ml: 0.5 }} /> : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(d.gross)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(d.withheld)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(d.issued_at)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<Download />}
                    loading={downloading === d.id}
                    aria-label={t('taxYears.docLabel', { year: d.year, form: d.form })}
                    onClick={() => {
                      setDownloading(d.id);
                      download.mutate({ path: `/v1/user/tax-documents/${d.id}.pdf`, name: `${d.form}-${d.year}.pdf` }, { onError: alertError, onSettled: () => setDownloading(undefined) });
                    }}
                  >
                    {t('taxYears.pdf')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        </Box>
      )}
    </Paper>
  );
}
