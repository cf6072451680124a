import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface RegionTableColumn {
  label: string;
  align?: 'right';
}

function heading(c: string | RegionTableColumn) {
  const column = typeof c === 'string' ? { label: c } : c;
  return (
    <TableCell key={column.label} align={column.align}>
      {column.label}
    </TableCell>
  );
}

/** A small table in a named region that scrolls sideways and takes the keyboard's focus: its headings, then the rows. */
export function RegionTable({ label, columns, children }: { label: string; columns: readonly (string | RegionTableColumn)[]; children: ReactNode }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>{columns.map(heading)}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
