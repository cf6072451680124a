import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ListPagination, type ListPaginationProps } from './list-pagination.tsx';

export interface ListColumn {
  label: string;
  /** Numbers and money line up on the right. */
  align?: 'right';
  /** The API's `sort` value for this column: its heading then sorts the list. */
  sort?: string;
  /** With `fit`: the column's width (`'8%'` of the table, or `'80px'`); columns without one share what is left. */
  width?: string;
}

/** A server-sorted list: the column sorted by (none: the list's own order) and what a heading click does. */
export interface ListSorting {
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  onSort: (sort: string) => void;
}

interface ListTableProps {
  /** The table's accessible name. */
  label: string;
  /** Column headings, in the order of the row's cells. */
  columns: readonly (string | ListColumn)[];
  /** The last column holds the row's actions (default): pinned to the right edge, and at the foot of each card on a phone. */
  actions?: boolean;
  count: number;
  /** While the list loads nothing is said; once loaded and empty, this. */
  pending: boolean;
  empty: string;
  /** Inside a card of its own: no outline of its own. */
  bare?: boolean;
  /** Sortable headings (columns with `sort`). */
  sorting?: ListSorting;
  /** A server-paged list: the pagination under the table. */
  paging?: ListPaginationProps;
  /** Anything else under the table (a pagination of the list's own). */
  foot?: ReactNode;
  /** Many columns: cells keep 8 px on each side instead of 16 from 600 px, so the table fits a wide screen without scrolling. */
  compact?: boolean;
  /**
   * Fits the container exactly from 668 px up, whatever the fonts and the data: fixed column widths
   * (`ListColumn.width`), long words and values wrap inside their cell instead of widening it. Only
   * below this many pixels does the table scroll sideways (under its pinned actions).
   */
  fit?: number;
  /**
   * Selectable rows: the heading's select-all checkbox. Each row then starts with a checkbox cell
   * before the `columns`; on a phone it sits in the card's top right corner, next to its name.
   */
  select?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * A sideways-scrolling box that shows it scrolls: a soft light edge on each side where more
 * columns wait (the covers scroll with the content and uncover the edge once there is more).
 */
export function scrollCueSx(theme: Theme): SystemStyleObject<Theme> {
  const paper = theme.palette.background.paper;
  return {
    overflowX: 'auto',
    background: [
      `linear-gradient(to right, ${paper} 30%, transparent) left center / 40px 100% no-repeat local`,
      `linear-gradient(to left, ${paper} 30%, transparent) right center / 40px 100% no-repeat local`,
      'radial-gradient(farthest-side at 0 50%, rgba(255, 255, 255, 0.22), transparent) left center / 14px 100% no-repeat scroll',
      'radial-gradient(farthest-side at 100% 50%, rgba(255, 255, 255, 0.22), transparent) right center / 14px 100% no-repeat scroll',
      paper,
    ].join(', '),
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
  };
}

const column = (c: string | ListColumn): ListColumn => (typeof c === 'string' ? { label: c } : c);

/** True while the table is wider than its container (the scroll cue shows then). */
function useOverflowing() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

/**
 * Layout of a list: from 600 px a table that scrolls sideways with its actions pinned to the right
 * edge (a shadow says more lies under them); on a phone each row a card, every value under its
 * column's name (the labels come from `columns`, so callers write plain cells).
 */
function listSx(columns: ListColumn[], actions: boolean, selectable: boolean): (theme: Theme) => SystemStyleObject<Theme> {
  const skip = selectable ? 1 : 0;
  const first = 1 + skip;
  const last = columns.length + skip;
  const labels = Object.fromEntries(columns.map((c, i) => [`& tbody td:nth-of-type(${i + 1 + skip})::before`, { content: JSON.stringify(c.label) }]));
  return (theme: Theme) => ({
    ...(actions
      ? {
          [`& th:nth-of-type(${last}), & td:nth-of-type(${last})`]: { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', whiteSpace: 'nowrap' },
          '&[data-overflowing="true"] th:last-of-type, &[data-overflowing="true"] td:last-of-type': { boxShadow: `inset 1px 0 0 ${theme.palette.divider}, -10px 0 10px -6px rgba(0, 0, 0, 0.7)` },
        }
      : {}),
    [theme.breakpoints.down('sm')]: {
      position: 'relative',
      '& table, & tbody': { display: 'block' },
      // Out of sight, still read: the cards carry the column names themselves.
      '& thead': { position: 'absolute', width: '1px', height: '1px', m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
      // A card list starts with its first card: no strip holding a lone select-all box (each card has its own;
      // out of the page, not just out of sight, so no keyboard lands on an invisible box).
      ...(selectable ? { '& thead th:first-of-type': { display: 'none' } } : {}),
      '& tbody tr': { display: 'block', py: 1, borderBottom: 1, borderColor: 'divider', position: 'relative' },
      '& tbody tr:last-of-type': { borderBottom: 0 },
      '& tbody td': {
        display: 'flex',
        flexDirection: 'row',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 2,
        border: 0,
        py: 0.5,
        px: 2,
        maxWidth: 'none',
        minWidth: 0,
        textAlign: 'right',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        position: 'static',
        boxShadow: 'none',
      },
      '& tbody td code': { whiteSpace: 'normal', wordBreak: 'break-all' },
      '& tbody td::before': { color: 'text.secondary', textAlign: 'left', flexShrink: 0, maxWidth: '45%' },
      ...labels,
      // The first column names the card; the actions close it.
      [`& tbody td:nth-of-type(${first})`]: { justifyContent: 'flex-start', textAlign: 'left', fontWeight: 600, fontSize: '1rem', ...(selectable ? { pr: 7 } : {}) },
      [`& tbody td:nth-of-type(${first})::before`]: { content: 'none' },
      ...(selectable
        ? {
            '& tbody td:nth-of-type(1)': { position: 'absolute', top: 4, right: 8, display: 'block', width: 'auto', p: 0 },
            '& tbody td:nth-of-type(1)::before': { content: 'none' },
          }
        : {}),
      ...(actions ? { [`& tbody td:nth-of-type(${last})`]: { justifyContent: 'flex-end', flexWrap: 'wrap', pt: 1 }, [`& tbody td:nth-of-type(${last})::before`]: { content: 'none' } } : {}),
    },
  });
}

/** The list table of the management screens: pinned row actions on wide screens, cards on a phone. */
/** `fit`: a fixed layout from 668 px up, so no value or font pushes a column under the pinned actions. */
function fitSx(cols: ListColumn[], selectable: boolean, minWidth: number): (theme: Theme) => SystemStyleObject<Theme> {
  const skip = selectable ? 1 : 0;
  const widths = Object.fromEntries(cols.flatMap((c, i) => (c.width ? [[`& thead th:nth-of-type(${i + 1 + skip})`, { width: c.width }]] : [])));
  return (theme: Theme) => ({
    [theme.breakpoints.up('sm')]: {
      '& table': { tableLayout: 'fixed', width: '100%', minWidth },
      // The select-all cell is sized for its box (the auto layout would have grown it to fit).
      ...(selectable ? { '& thead th:first-of-type': { width: 64 } } : {}),
      ...widths,
      '& th, & td': { overflowWrap: 'anywhere' },
      // A smaller sort arrow: 18 px a heading instead of 26 leaves its word whole.
      '& .MuiTableSortLabel-icon': { fontSize: 16, mx: '1px' },
    },
  });
}

export function ListTable({ label, columns, actions = true, count, pending, empty, bare = false, sorting, paging, foot: extra, select, compact = false, fit, children }: ListTableProps) {
  const cols = columns.map(column);
  const { ref, overflowing } = useOverflowing();
  const body =
    count === 0 ? (
      <Typography color="text.secondary" sx={{ p: bare ? 0 : 2, py: bare ? 2 : undefined }}>
        {pending ? '' : empty}
      </Typography>
    ) : (
      <TableContainer
        ref={ref}
        data-overflowing={overflowing}
        // While it scrolls sideways a keyboard can scroll it too.
        {...(overflowing ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
        sx={[
          { overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.light' } },
          compact ? { '& th:not(.MuiTableCell-paddingCheckbox), & td:not(.MuiTableCell-paddingCheckbox)': { px: { sm: 1 } } } : {},
          listSx(cols, actions, select !== undefined),
          fit ? fitSx(cols, select !== undefined, fit) : {},
        ]}
      >
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {select !== undefined ? <TableCell padding="checkbox">{select}</TableCell> : null}
              {cols.map((c, i) => (
                <TableCell
                  key={c.label}
                  align={c.align ?? (actions && i === cols.length - 1 ? 'right' : undefined)}
                  sortDirection={sorting && c.sort && sorting.sort === c.sort ? (sorting.order ?? 'asc') : false}
                >
                  {sorting && c.sort ? (
                    <TableSortLabel active={sorting.sort === c.sort} direction={sorting.sort === c.sort ? (sorting.order ?? 'asc') : 'asc'} onClick={() => sorting.onSort(c.sort!)}>
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    );
  const foot = paging && paging.total > 0 ? <ListPagination {...paging} /> : (extra ?? null);
  if (bare)
    return (
      <>
        {body}
        {foot}
      </>
    );
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      {body}
      {foot}
    </Paper>
  );
}
