import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { StatisticsRow } from '@portal/contracts';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { scrollCueSx } from '../../../components/list-table.tsx';
import type { Column, ReportRow } from '../lib/columns.ts';

export interface StatisticsTableProps {
  columns: readonly Column[];
  rows: readonly ReportRow[];
  totals: ReportRow | undefined;
  /** The conversion log of a row (of the totals when no row is given): its conversions count links there. */
  conversionsLink?: ((row?: StatisticsRow) => string | undefined) | undefined;
  /** The column sorted by ('' for the report's own order) and its direction; the server sorts. */
  sort?: { by: string; order: 'asc' | 'desc' | '' };
  onSort?: (by: string, order: 'asc' | 'desc') => void;
}

/** What a phone shows first, after the day or group: the money (staff: and the network's margin), then what earned it. */
const PHONE_FIRST = ['earnings', 'margin', 'conversions', 'clicks'];

/** The columns in a phone's order: the key, `PHONE_FIRST`, then the rest as on a wide screen. */
export function phoneOrder(columns: readonly Column[]): Column[] {
  const [key, ...rest] = columns;
  const first = PHONE_FIRST.map((id) => rest.find((c) => c.id === id)).filter((c): c is Column => Boolean(c));
  return [...(key ? [key] : []), ...first, ...rest.filter((c) => !PHONE_FIRST.includes(c.id))];
}

/**
 * The report as a table with a totals row; it scrolls sideways inside its box on narrow screens,
 * where the day stays pinned at the left and Earnings comes right after it (no money off-screen).
 */
export function StatisticsTable({ columns: wide, rows, totals, conversionsLink, sort, onSort }: StatisticsTableProps) {
  const { t } = useTranslation();
  /** A cell's text; the conversions count of a row with conversions links to them in the log. */
  const cell = (c: Column, row: StatisticsRow, isTotal: boolean): ReactNode => {
    const text = c.text(row);
    const to = c.id === 'conversions' && row.conversions > 0 ? conversionsLink?.(isTotal ? undefined : row) : undefined;
    return to ? (
      <Link component={RouterLink} to={to} underline="always" title={t('statistics.openConversionLog')}>
        {text}
      </Link>
    ) : (
      text
    );
  };
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = phone ? phoneOrder(wide) : wide;
  const dense = wide.length > 12;
  return (
    // Focusable, so a keyboard can scroll it too; the edges say when more columns wait.
    <TableContainer tabIndex={0} role="region" aria-label={t('statistics.tableLabel')} sx={[{ maxWidth: '100%' }, scrollCueSx]}>
      <Table
        size="small"
        aria-label={t('statistics.tableLabel')}
        sx={{
          '& td, & th': { whiteSpace: 'nowrap' },
          // Staff's wider report (with revenue, cost and margin) still fits a laptop: tighter cells, headings on two lines where they must.
          ...(dense ? { '& td, & th': { whiteSpace: 'nowrap', px: 1 }, '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom' } } : {}),
          '& tr > :first-of-type': { position: { xs: 'sticky', sm: 'static' }, left: 0, zIndex: 1, bgcolor: 'background.paper' },
          // A sticky cell in a collapsed-border table is drawn off its row while the table scrolls sideways
          // (its border stays behind and rows seem to overlap): on a phone the borders are kept per cell.
          borderCollapse: { xs: 'separate', sm: 'collapse' },
          borderSpacing: 0,
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((c) => {
              const active = sort?.by === c.id;
              const direction = active && sort?.order === 'desc' ? 'desc' : 'asc';
              return (
                <TableCell key={c.id} align={c.numeric ? 'right' : 'left'} sortDirection={active ? direction : false}>
                  {onSort ? (
                    // Figures sort most first on the first click, the day or name from the start.
                    <TableSortLabel active={active} hideSortIcon direction={active ? direction : c.numeric ? 'desc' : 'asc'} onClick={() => onSort(c.id, active ? (direction === 'asc' ? 'desc' : 'asc') : c.numeric ? 'desc' : 'asc')}>
                      {t(c.header)}
                    </TableSortLabel>
                  ) : (
                    t(c.header)
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.date ?? row.key ?? i} hover>
              {columns.map((c) => (
                <TableCell key={c.id} align={c.numeric ? 'right' : 'left'}>
                  {cell(c, row, false)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {totals ? (
          <TableFooter>
            <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }} data-testid="statistics-totals">
              {columns.map((c, i) => (
                <TableCell key={c.id} align={c.numeric ? 'right' : 'left'}>
                  {i === 0 ? t('statistics.total') : cell(c, totals, true)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </TableContainer>
  );
}
