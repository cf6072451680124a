import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RetentionQuery } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useRetention } from '../api/retention.ts';

/**
 * Statistics, Retention: the subscriptions that came through the billers in the period, per
 * affiliate (staff) and offer: started, still active, rebills, churned and the churn rate.
 */
export function RetentionSection({ query, staff, enabled }: { query: RetentionQuery; staff: boolean; enabled: boolean }) {
  const { t } = useTranslation();
  const retention = useRetention(query, enabled);
  const rows = retention.data ?? [];
  const c = (key: string) => t(`billers.retention.columns.${key}`);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="retention-title" sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <Typography id="retention-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('billers.retention.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('billers.retention.intro')}
      </Typography>
      <ListTable
        bare
        label={t('billers.retention.title')}
        columns={[
          c('offer'),
          ...(staff ? [c('affiliate')] : []),
          { label: c('started'), align: 'right' as const },
          { label: c('active'), align: 'right' as const },
          { label: c('rebills'), align: 'right' as const },
          { label: c('churned'), align: 'right' as const },
          { label: c('churnRate'), align: 'right' as const },
        ]}
        actions={false}
        count={rows.length}
        pending={retention.isPending}
        empty={t('billers.retention.empty')}
      >
        {rows.map((r) => (
          <TableRow key={`${r.affiliate_id}-${r.offer_id}`}>
            <TableCell sx={{ fontWeight: 600 }}>{r.offer_name}</TableCell>
            {staff ? <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.affiliate_name || `#${r.affiliate_id}`}</TableCell> : null}
            <TableCell align="right">{r.started}</TableCell>
            <TableCell align="right">{r.active}</TableCell>
            <TableCell align="right">{r.rebills}</TableCell>
            <TableCell align="right">{r.churned}</TableCell>
            <TableCell align="right">{formatPercent(Math.round(r.churn_rate * 1000) / 10)}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </Paper>
  );
}
