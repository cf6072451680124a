import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StatisticsRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { scrollCueSx } from '../../../components/list-table.tsx';
import type { Column } from '../lib/columns.ts';

export interface StatisticsTableProps {
  columns: readonly Column[];
  rows: readonly StatisticsRow[];
  totals: StatisticsRow | undefined;
}

/** The report as a table with a totals row; it scrolls sideways inside its box on narrow screens. */
export function StatisticsTable({ columns, rows, totals }: StatisticsTableProps) {
  const { t } = useTranslation();
  return (
    // Focusable, so a keyboard can scroll it too; the edges say when more columns wait.
    <TableContainer tabIndex={0} role="region" aria-label={t('statistics.tableLabel')} sx={[{ maxWidth: '100%' }, scrollCueSx]}>
      <Table size="small" aria-label={t('statistics.tableLabel')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} align={c.numeric ? 'right' : 'left'}>
                {t(c.header)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.date ?? row.key ?? i} hover>
              {columns.map((c) => (
                <TableCell key={c.id} align={c.numeric ? 'right' : 'left'}>
                  {c.text(row)}
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
                  {i === 0 ? t('statistics.total') : c.text(totals)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </TableContainer>
  );
}
