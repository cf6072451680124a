import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SmartLink } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table.tsx';
import { useAffiliateSmartLinks } from '../api/smart-links.ts';

/** One offer of a smart link as staff read it: weight, countries, devices, catch-all. */
function entryText(entry: SmartLink['entries'][number], t: (key: string) => string): string {
  const where = [entry.countries.join(', '), entry.devices.map((d) => t(`offers.smartLinks.deviceNames.${d}`)).join(', ')].filter(Boolean).join(' · ');
  return `${entry.offer_name} (${entry.weight})${where ? `: ${where}` : ''}${entry.catch_all ? `, ${t('offers.smartLinks.catchAllShort')}` : ''}`;
}

/** Affiliate Details: the affiliate's smart links, read-only, with each offer's weight and targeting. */
export function AffiliateSmartLinks({ affiliateId }: { affiliateId: number }) {
  const { t } = useTranslation();
  const list = useAffiliateSmartLinks(affiliateId);
  const rows = list.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="affiliate-smart-links-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack spacing={1.5}>
        <Typography id="affiliate-smart-links-heading" variant="h6" component="h3">
          {t('offers.smartLinks.ofAffiliate')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('offers.smartLinks.ofAffiliateIntro')}
        </Typography>
        {list.isError ? (
          <Alert severity="error">{t('offers.smartLinks.loadError')}</Alert>
        ) : (
          <ListTable
            label={t('offers.smartLinks.ofAffiliate')}
            columns={[t('offers.smartLinks.name'), t('offers.smartLinks.mode'), t('offers.smartLinks.offers'), t('offers.smartLinks.url')]}
            count={rows.length}
            pending={list.isPending}
            empty={t('offers.smartLinks.ofAffiliateEmpty')}
          >
            {rows.map((l) => (
              <TableRow key={l.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`offers.smartLinks.modes.${l.mode}`)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.entries.map((e) => entryText(e, (k) => t(k))).join('; ')}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{l.url}</TableCell>
              </TableRow>
            ))}
          </ListTable>
        )}
      </Stack>
    </Paper>
  );
}
