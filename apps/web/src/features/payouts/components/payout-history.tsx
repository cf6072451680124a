import Description from '@mui/icons-material/DescriptionOutlined';
import ReceiptLong from '@mui/icons-material/ReceiptLongOutlined';
import TableChart from '@mui/icons-material/TableChartOutlined';
import Timeline from '@mui/icons-material/Timeline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Payout, periodLabel } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { type PayoutFile, useDownloadPayoutFile } from '../api/download-payout-file.ts';
import { useMyPayouts } from '../api/get-my-payouts.ts';
import { PayoutTimelineDialog } from './payout-timeline-dialog.tsx';

const statusColor = { to_approve: 'info', to_pay: 'warning', paid: 'success', rejected: 'error', held: 'default', returned: 'error' } as const;

/** /payments: each payout with its period, amount, status, method and paid date, and its invoice, receipt and statement. */
export function PayoutHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const list = useMyPayouts(page, perPage);
  const download = useDownloadPayoutFile();
  const [downloading, setDownloading] = useState<string>();
  const [timelineOf, setTimelineOf] = useState<Payout>();

  const get = (row: Payout, file: PayoutFile) => {
    const key = `${row.id}/${file}`;
    setDownloading(key);
    download.mutate({ id: row.id, file }, { onError: alertError, onSettled: () => setDownloading(undefined) });
  };
  const fileButton = (row: Payout, file: PayoutFile, label: string, icon: ReactNode) => (
    <Button
      size="small"
      startIcon={icon}
      loading={downloading === `${row.id}/${file}`}
      onClick={() => get(row, file)}
      aria-label={t('payments.fileLabel', { file: label, period: periodLabel(row.period) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );

  if (list.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('payments.retry')}</Button>}>
        {list.error.message || t('payments.loadError')}
      </Alert>
    );
  }
  const rows = list.data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="payout-history-heading" sx={{ minWidth: 0 }}>
      <Typography id="payout-history-heading" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t('payments.history')}
      </Typography>
      {list.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('payments.empty')}
        </Typography>
      ) : (
        <Box sx={{ pt: 1 }}>
          <ListTable
            label={t('payments.table')}
            columns={[
              t('payments.columns.period'),
              { label: t('payments.columns.amount'), align: 'right' },
              t('payments.columns.status'),
              t('payments.columns.method'),
              t('payments.columns.paidAt'),
              t('payments.columns.documents'),
            ]}
            count={rows.length}
            pending={!list.isSuccess}
            empty={t('payments.empty')}
            bare
          >
            {rows.map((row) => (
              <TableRow key={row.id} data-testid={`my-payout-${row.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{periodLabel(row.period)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {formatMoney(row.amount)}
                </TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' } }}>
                    <Chip size="small" variant="outlined" color={statusColor[row.status]} label={t(`payments.status.${row.status}`)} />
                    {row.status === 'rejected' && row.reject_reason ? (
                      <Typography variant="caption" color="text.secondary">
                        {row.reject_reason}
                      </Typography>
                    ) : null}
                    {row.status === 'returned' && row.reject_reason ? (
                      <Typography variant="caption" color="error.main" data-testid={`returned-reason-${row.id}`}>
                        {t('payments.returnedBecause', { reason: row.reject_reason })}
                      </Typography>
                    ) : null}
                    {row.status === 'held' && row.hold_reasons.length ? (
                      <Typography variant="caption" color="text.secondary">
                        {t('payments.heldBecause', { reasons: row.hold_reasons.map((r) => t(`shell.issues.${r}`)).join(', ') })}
                      </Typography>
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.method_name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.paid_at)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                    {row.status !== 'rejected' ? fileButton(row, 'invoice.pdf', t('payments.invoice'), <Description />) : null}
                    {row.status === 'paid' ? fileButton(row, 'receipt.pdf', t('payments.receipt'), <ReceiptLong />) : null}
                    {fileButton(row, 'statement.csv', t('payments.statement'), <TableChart />)}
                    {row.status !== 'to_approve' && row.status !== 'held' ? (
                      <Button size="small" startIcon={<Timeline />} onClick={() => setTimelineOf(row)} aria-label={t('payments.timelineLabel', { period: periodLabel(row.period) })} sx={{ whiteSpace: 'nowrap' }}>
                        {t('payments.timelineButton')}
                      </Button>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        </Box>
      )}
      {rows.length > 0 || page > 1 ? (
        <ListPagination
          total={list.data?.meta.total ?? 0}
          page={page}
          perPage={perPage}
          sizes={[10, 25, 50]}
          all={false}
          onChange={(next, size) => {
            setPage(next);
            setPerPage(size);
          }}
        />
      ) : null}
      {timelineOf ? <PayoutTimelineDialog payout={timelineOf} onClose={() => setTimelineOf(undefined)} /> : null}
    </Paper>
  );
}
