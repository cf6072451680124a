import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListTable } from '../../../components/list-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { type Payout, type PayoutStatus, periodLabel } from '@portal/contracts';
import { DocumentButtons } from './document-buttons.tsx';
import { type PayoutFilters, pageSizes, type SortField } from '../lib/filters.ts';

export type RowAction = 'approve' | 'reject' | 'mark-paid' | 'unmark-paid' | 'change-bank' | 'statement';

const statusColor: Record<PayoutStatus, 'default' | 'success' | 'warning' | 'info' | 'error'> = {
  to_approve: 'info',
  to_pay: 'warning',
  paid: 'success',
  rejected: 'error',
  held: 'default',
  returned: 'error',
};

export interface PayoutsTableProps {
  filters: PayoutFilters;
  rows: Payout[];
  total: number;
  pending: boolean;
  selected: ReadonlySet<number>;
  onSelect: (rows: Payout[], checked: boolean) => void;
  onSort: (sort: SortField) => void;
  onPage: (page: number, perPage: number) => void;
  onAction: (action: RowAction, row: Payout) => void;
  /** Row actions waiting for the server. */
  busy: ReadonlySet<number>;
}

/** One section of /payouts: selectable rows (except history), sortable columns, server paging. */
export function PayoutsTable({ filters, rows, total, pending, selected, onSelect, onSort, onPage, onAction, busy }: PayoutsTableProps) {
  const { t } = useTranslation();
  // When the page was opened: whether a paid payout can still be unmarked (the server checks again).
  const [now] = useState(() => Date.now());
  const section = filters.section;
  const selectable = section !== 'history';
  const selectableRows = rows.filter((r) => r.status !== 'held');
  const allChecked = selectableRows.length > 0 && selectableRows.every((r) => selected.has(r.id));
  const someChecked = selectableRows.some((r) => selected.has(r.id));

  const columns: ListColumn[] = [
    { label: t('payouts.columns.affiliate'), sort: 'affiliate' },
    { label: t('payouts.columns.period'), sort: 'period' },
    { label: t('payouts.columns.amount'), sort: 'amount', align: 'right' },
    { label: t('payouts.columns.method') },
    { label: section === 'to_pay' ? t('payouts.columns.bank') : t('payouts.columns.status') },
    ...(section === 'history' ? [{ label: t('payouts.columns.paidAt'), sort: 'paid_at' }] : []),
    { label: t('payouts.columns.actions') },
  ];

  return (
    <ListTable
      label={t('payouts.table', { section: t(`payouts.sections.${section}`) })}
      columns={columns}
      count={rows.length}
      pending={pending}
      empty={t('payouts.empty')}
      sorting={{ sort: filters.sort, order: filters.order, onSort: (sort) => onSort(sort as SortField) }}
      select={
        selectable ? (
          <Checkbox
            checked={allChecked}
            indeterminate={someChecked && !allChecked}
            disabled={selectableRows.length === 0}
            onChange={(_, checked) => onSelect(selectableRows, checked)}
            slotProps={{ input: { 'aria-label': t('payouts.selectAll') } }}
          />
        ) : undefined
      }
      foot={
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, filters.page - 1)}
          rowsPerPage={filters.per_page}
          rowsPerPageOptions={[...pageSizes]}
          labelRowsPerPage={t('announcements.itemsPerPage')}
          onPageChange={(_, next) => onPage(next + 1, filters.per_page)}
          onRowsPerPageChange={(e) => onPage(1, Number(e.target.value))}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
        />
      }
    >
      {rows.map((row) => {
        const period = periodLabel(row.period);
        return (
          <TableRow key={row.id} hover selected={selected.has(row.id)} data-testid={`payout-${row.id}`}>
            {selectable ? (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(row.id)}
                  disabled={row.status === 'held'}
                  onChange={(_, checked) => onSelect([row], checked)}
                  slotProps={{ input: { 'aria-label': t('payouts.selectRow', { name: row.affiliate.name, period }) } }}
                />
              </TableCell>
            ) : null}
            <TableCell sx={{ maxWidth: 240 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                  {row.affiliate.name}
                </Typography>
                {row.affiliate.email ? (
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {row.affiliate.email}
                  </Typography>
                ) : null}
              </Box>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{period}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Link component="button" type="button" onClick={() => onAction('statement', row)} aria-label={`${t('payouts.statement')} ${formatMoney(row.amount)}`} sx={{ fontWeight: 600 }}>
                {formatMoney(row.amount)}
              </Link>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.method_name}</TableCell>
            {section === 'to_pay' ? (
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.bank?.name ?? '—'}</TableCell>
            ) : (
              <TableCell>
                <StatusChip row={row} />
              </TableCell>
            )}
            {section === 'history' ? <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.paid_at)}</TableCell> : null}
            <TableCell align="right">
              <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                {row.status === 'to_approve' ? (
                  <Button size="small" variant="outlined" loading={busy.has(row.id)} onClick={() => onAction('approve', row)}>
                    {t('payouts.approve')}
                  </Button>
                ) : null}
                {row.status === 'to_pay' ? (
                  <>
                    <Button size="small" variant="outlined" loading={busy.has(row.id)} onClick={() => onAction('mark-paid', row)}>
                      {t('payouts.markPaid')}
                    </Button>
                    <Button size="small" onClick={() => onAction('change-bank', row)} sx={{ whiteSpace: 'nowrap' }}>
                      {t('payouts.changeBank')}
                    </Button>
                  </>
                ) : null}
                {row.status === 'paid' && row.unmark_paid_until && Date.parse(row.unmark_paid_until) > now ? (
                  <Button size="small" onClick={() => onAction('unmark-paid', row)} sx={{ whiteSpace: 'nowrap' }}>
                    {t('payouts.unmarkPaid')}
                  </Button>
                ) : null}
                {row.status === 'to_approve' || row.status === 'to_pay' || row.status === 'held' ? (
                  <Button size="small" color="error" onClick={() => onAction('reject', row)}>
                    {t('payouts.reject')}
                  </Button>
                ) : null}
                <Button size="small" onClick={() => onAction('statement', row)}>
                  {t('payouts.statement')}
                </Button>
                {section === 'history' ? <DocumentButtons row={row} /> : null}
              </Stack>
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}

function StatusChip({ row }: { row: Payout }) {
  const { t } = useTranslation();
  const chip = <Chip size="small" color={statusColor[row.status]} variant="outlined" label={t(`payouts.status.${row.status}`)} />;
  const reasons =
    row.status === 'held'
      ? row.hold_reasons.map((r) => t(`shell.issues.${r}`))
      : row.status === 'rejected' && row.reject_reason
        ? [row.reject_reason]
        : [];
  if (!reasons.length) return chip;
  // The reason a payout waits or was refused is shown with it, not hidden behind a hover.
  return (
    <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' }, maxWidth: 260 }}>
      {chip}
      <Typography variant="caption" color="text.secondary">
        {reasons.join(', ')}
      </Typography>
    </Stack>
  );
}
