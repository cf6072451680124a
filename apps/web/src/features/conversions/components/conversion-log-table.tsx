import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { billerNames, type ConversionLogRow, reasonForAffiliate, type StoredConversionStatus } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../../components/list-table.tsx';
import type { ListPaginationProps } from '../../../components/list-pagination.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { subKeys } from '../../../lib/sub-keys.ts';

const chipColors: Record<StoredConversionStatus, 'success' | 'warning' | 'info' | 'error' | 'default'> = {
  accepted: 'success',
  orphaned: 'warning',
  held: 'info',
  rejected: 'error',
  reversed: 'default',
};

/** The status as a chip; its reason in a tooltip and written under it, so a phone (no hover) shows it too. */
function StatusCell({ row }: { row: ConversionLogRow }) {
  const { t } = useTranslation();
  const chip = <Chip size="small" variant="outlined" color={chipColors[row.status]} label={t(`conversionLog.statuses.${row.status}`)} />;
  // Staff rows name the affiliate; to the affiliate the rules' reasons speak of "you".
  const reason = row.reason && !('affiliate' in row) ? reasonForAffiliate(row.reason) : row.reason;
  return (
    <TableCell>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'flex-end', sm: 'flex-start' }, gap: 0.5, maxWidth: 260 }}>
        {reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip}
        {reason ? (
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
            {reason}
          </Typography>
        ) : null}
        {row.flag ? (
          <Typography variant="caption" color="warning.light" sx={{ whiteSpace: 'normal' }}>
            {t('fraud.appeal.flag', { reason: row.flag })}
          </Typography>
        ) : null}
      </Box>
    </TableCell>
  );
}

/** A value with a smaller line under it, as one block (a phone's card puts each cell's content beside its label). */
const withNote = (main: ReactNode, note: ReactNode) => (
  <Box>
    {main}
    {note ? (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {note}
      </Typography>
    ) : null}
  </Box>
);

export interface ConversionLogTableProps {
  rows: readonly ConversionLogRow[];
  pending: boolean;
  staff: boolean;
  /** Staff's menu of a row (reverse, attach), when they may act. */
  actions?: ((row: ConversionLogRow) => ReactNode) | undefined;
  paging: ListPaginationProps;
  sorting: { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; onSort: (sort: string) => void };
}

/** The log's rows: time, site and offer, affiliate (staff), type, amount as sent, USD, earning, status and reason, sub IDs, country and device. */
export function ConversionLogTable({ rows, pending, staff, actions, paging, sorting }: ConversionLogTableProps) {
  const { t } = useTranslation();
  const c = (key: string) => t(`conversionLog.columns.${key}`);
  const columns: ListColumn[] = [
    { label: c('time'), sort: 'time' },
    { label: c('siteOffer') },
    ...(staff ? [{ label: c('affiliate') }] : []),
    { label: c('type') },
    { label: c('amount'), align: 'right' as const, sort: 'amount' },
    { label: c('usd'), align: 'right' as const },
    { label: c('earning'), align: 'right' as const, sort: 'earning' },
    { label: c('status') },
    { label: c('subs') },
    { label: c('origin') },
    ...(actions ? [{ label: c('actions'), align: 'right' as const }] : []),
  ];
  return (
    <ListTable label={t('conversionLog.tableLabel')} columns={columns} actions={Boolean(actions)} count={rows.length} pending={pending} empty={t('conversionLog.empty')} compact paging={paging} sorting={sorting}>
      {rows.map((row) => {
        const subs = subKeys.map((k) => row[k]).filter((v): v is string => Boolean(v));
        // A biller's conversion names the biller and its event; a refund names the sale it took back.
        const typeNotes = [
          row.biller ? t('conversionLog.fromBiller', { biller: billerNames[row.biller], event: row.biller_event ?? '' }) : null,
          row.reverses ? t('conversionLog.reverses', { id: row.reverses.id, transaction: row.reverses.transaction_id }) : null,
        ].filter((n) => n !== null);
        return (
          <TableRow key={row.id} hover data-testid={`conversion-${row.id}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {withNote(formatDateTime(row.time), `#${row.id} · ${t('conversionLog.transaction', { id: row.transaction_id })}`)}
            </TableCell>
            <TableCell>
              {withNote(row.site.name, row.offer?.name ?? t('conversionLog.noOffer'))}
            </TableCell>
            {staff ? (
              <TableCell>
                {row.affiliate ? (
                  <Tooltip title={row.affiliate.email}>{withNote(row.affiliate.name, `#${row.affiliate.id}`)}</Tooltip>
                ) : (
                  '—'
                )}
              </TableCell>
            ) : null}
            <TableCell>
              {withNote(t(`conversionLog.types.${row.type}`), typeNotes.length ? typeNotes.map((n) => <div key={n}>{n}</div>) : null)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {row.amount} {row.currency}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {row.usd_amount === null ? t('conversionLog.noRate') : formatMoney(row.usd_amount)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: row.earning < 0 ? 'error.light' : undefined }}>
              {/* One block: on a phone's card what it would earn goes under the amount, not beside it. */}
              <Box>
                {formatMoney(row.earning)}
                {row.would_earn !== undefined ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('conversionLog.wouldEarn', { amount: formatMoney(row.would_earn) })}
                  </Typography>
                ) : null}
              </Box>
            </TableCell>
            <StatusCell row={row} />
            <TableCell sx={{ minWidth: { sm: 90 }, maxWidth: 220, overflowWrap: 'break-word' }}>{subs.length ? subs.join(' · ') : '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{[row.country, row.device].filter(Boolean).join(' · ') || '—'}</TableCell>
            {actions ? (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            ) : null}
          </TableRow>
        );
      })}
    </ListTable>
  );
}
