import { type EventItem, type EventKind, eventActions, eventKinds, eventObjectTypes } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { DatePickerInput } from '../../../components/forms/date-picker-input.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadEventsCsv, useEvents } from '../api/events.ts';
import { EventDiffDialog } from './event-diff-dialog.tsx';

const kindLabels: Record<EventKind, string> = { changes: 'Changes', sign_ins: 'Sign-ins', all: 'Everything' };
/** Sign-in words in the Action filter only where sign-ins are listed. */
const signInActions = new Set(['login', 'logout']);

/**
 * Global Settings, Event history: every change (by staff, and by affiliates to their own account),
 * who, what, when, the object, before and after; sign-ins apart, shown when chosen (docs/settings.md);
 * filters by user, object type, action and dates; pages on the server; CSV of the filtered rows.
 */
export function EventHistorySection({ users }: { users: readonly { id: number; label: string }[] }) {
  const [filters, setFilters] = useState({ kind: 'changes' as EventKind, user_id: '', object_type: '', action: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [open, setOpen] = useState<EventItem | null>(null);
  const query = { ...filters, page, per_page: perPage };
  const events = useEvents(query);
  const change = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) => change({ [key]: e.target.value });
  const actions = eventActions.filter((a) => filters.kind !== 'changes' || !signInActions.has(a));

  return (
    <Paper variant="outlined" component="section" aria-labelledby="event-history-heading" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography id="event-history-heading" variant="h6" component="h2">
        Event history
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every change across the product, by staff and by affiliates to their own accounts: who, what, when, the object and its values before and after. Sign-ins are
        listed apart: choose them under Show.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, flexWrap: 'wrap', mb: 2, '& > *': { width: { xs: '100%', sm: 'auto' } } }}>
        <TextField
          select
          size="small"
          label="Show"
          value={filters.kind}
          onChange={(e) => change({ kind: e.target.value as EventKind, action: filters.kind !== e.target.value && signInActions.has(filters.action) ? '' : filters.action })}
          sx={{ minWidth: 150 }}
        >
          {eventKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {kindLabels[k]}
            </MenuItem>
          ))}
        </TextField>
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
          {actions.map((a) => (
            <MenuItem key={a} value={a}>
              {a.replace(/_/g, ' ')}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ width: { xs: '100%', sm: 190 } }}>
          <DatePickerInput label="From" value={filters.from || null} maxDate={filters.to || undefined} clearable size="small" onChange={(v) => change({ from: v ?? '' })} />
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 190 } }}>
          <DatePickerInput label="To" value={filters.to || null} minDate={filters.from || undefined} clearable size="small" onChange={(v) => change({ to: v ?? '' })} />
        </Box>
        <Button variant="outlined" onClick={() => void downloadEventsCsv(filters).catch(alertError)}>
          Export CSV
        </Button>
      </Stack>
      {events.error ? <Alert severity="error">{events.error.message}</Alert> : null}
      <RegionTable label="Event history" columns={['When', 'User', 'Object', 'Action', { label: 'Values', align: 'right' }]}>
        {(events.data?.data ?? []).map((e) => (
          <TableRow key={e.id} hover>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</TableCell>
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
