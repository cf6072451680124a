import { type EventItem, eventActions, eventObjectTypes } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { RegionTable } from '../../../components/region-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { downloadEventsCsv, useEvents } from '../api/events.ts';
import { EventDiffDialog } from './event-diff-dialog.tsx';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: DISPLAY_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/**
 * Global Settings, Event history: every staff write, who, what, when, the object, before and after;
 * filters by user, object type, action and dates; pages on the server; CSV of the filtered rows.
 */
export function EventHistorySection({ users }: { users: readonly { id: number; label: string }[] }) {
  const [filters, setFilters] = useState({ user_id: '', object_type: '', action: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [open, setOpen] = useState<EventItem | null>(null);
  const query = { ...filters, page, per_page: perPage };
  const events = useEvents(query);
  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="event-history-heading" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography id="event-history-heading" variant="h6" component="h2">
        Event history
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every staff write across the product: who, what, when, the object and its values before and after.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label="User" value={filters.user_id} onChange={set('user_id')} sx={{ minWidth: 180 }}>
          <MenuItem value="">Anyone</MenuItem>
          {users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Object type" value={filters.object_type} onChange={set('object_type')} sx={{ minWidth: 160 }}>
          <MenuItem value="">Any</MenuItem>
          {eventObjectTypes.map((o) => (
            <MenuItem key={o} value={o}>
              {o.replace(/_/g, ' ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Action" value={filters.action} onChange={set('action')} sx={{ minWidth: 140 }}>
          <MenuItem value="">Any</MenuItem>
          {eventActions.map((a) => (
            <MenuItem key={a} value={a}>
              {a.replace(/_/g, ' ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="date" label="From" value={filters.from} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label="To" value={filters.to} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" onClick={() => void downloadEventsCsv(filters).catch(alertError)}>
          Export CSV
        </Button>
      </Stack>
      {events.error ? <Alert severity="error">{events.error.message}</Alert> : null}
      <RegionTable label="Event history" columns={['When', 'User', 'Object', 'Action', { label: 'Values', align: 'right' }]}>
        {(events.data?.data ?? []).map((e) => (
          <TableRow key={e.id} hover>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.created_at)}</TableCell>
            <TableCell>
              {e.actor?.name ?? '—'}
              {e.impersonator ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  logged in as by {e.impersonator.name}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              {e.object_type.replace(/_/g, ' ')} {e.object_id ? `#${e.object_id}` : ''}
            </TableCell>
            <TableCell>{e.action.replace(/_/g, ' ')}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => setOpen(e)} aria-label={`Before and after of event ${e.id}`}>
                View
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </RegionTable>
      <ListPagination
        total={events.data?.meta.total ?? 0}
        page={page}
        perPage={perPage}
        sizes={[25, 50, 100]}
        all={false}
        onChange={(next, size) => {
          setPage(next);
          setPerPage(size);
        }}
      />
      {open ? <EventDiffDialog event={open} onClose={() => setOpen(null)} /> : null}
    </Paper>
  );
}
