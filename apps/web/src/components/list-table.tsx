import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface ListTableProps {
  /** The table's accessible name. */
  label: string;
  /** Column headings; the last one (the row actions) is right-aligned. */
  columns: string[];
  count: number;
  /** While the list loads nothing is said; once loaded and empty, this. */
  pending: boolean;
  empty: string;
  /** The rows. */
  children: ReactNode;
}

/** The outlined, horizontally scrollable list table of the staff and affiliate management screens. */
export function ListTable({ label, columns, count, pending, empty, children }: ListTableProps) {
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      {count === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {pending ? '' : empty}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((c, i) => (
                  <TableCell key={c} align={i === columns.length - 1 ? 'right' : undefined}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
