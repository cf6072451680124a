import type { EventItem } from '@portal/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RegionTable } from '../../../components/region-table.tsx';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each field of the object before and after the write; changed ones are marked. */
export function EventDiffDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const before = isRecord(event.before) ? event.before : {};
  const after = isRecord(event.after) ? event.after : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <Dialog open onClose={onClose} aria-labelledby="event-diff-title" fullWidth maxWidth="md">
      <DialogTitle id="event-diff-title">
        {event.object_type} {event.object_id ?? ''}: {event.action}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {new Date(event.created_at).toLocaleString('en-US', { timeZone: DISPLAY_TIME_ZONE })} by {event.actor?.name ?? 'the system'}
          {event.impersonator ? ` (logged in as by ${event.impersonator.name})` : ''}
        </Typography>
        {keys.length === 0 ? (
          <Typography variant="body2">No values were recorded for this event. {Object.keys(event.data).length ? show(event.data) : ''}</Typography>
        ) : (
          <RegionTable label="Values before and after" columns={['Field', 'Before', 'After']}>
            {keys.map((k) => {
              const changed = show(before[k]) !== show(after[k]);
              return (
                <TableRow key={k} data-changed={changed} sx={changed ? { '& td': { fontWeight: 600 } } : undefined}>
                  <TableCell>{k}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word', color: changed ? 'error.light' : undefined }}>{show(before[k])}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word', color: changed ? 'success.light' : undefined }}>{show(after[k])}</TableCell>
                </TableRow>
              );
            })}
          </RegionTable>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
