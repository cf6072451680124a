import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';

export type Severity = 'success' | 'error' | 'info' | 'warning';
interface Note {
  id: number;
  severity: Severity;
  message: string;
}

let queue: Note[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * App-wide notifications (success and error alerts of SPEC.md section 8).
 * A guard can turn alerts off (maintenance): `setAlertsSuppressed(true)`.
 */
let suppressed = false;
export function setAlertsSuppressed(value: boolean): void {
  suppressed = value;
}

function push(severity: Severity, message: string): void {
  if (suppressed && severity !== 'success') return;
  // The same message twice in a row (parallel failures) is shown once.
  if (queue.some((n) => n.message === message && n.severity === severity)) return;
  queue = [...queue, { id: nextId++, severity, message }];
  emit();
}

export const notify = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
};

function dismiss(id: number): void {
  queue = queue.filter((n) => n.id !== id);
  emit();
}

/** Test and guard access to what is showing. */
export function currentNotifications(): readonly Note[] {
  return queue;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Notifications() {
  const notes = useSyncExternalStore(subscribe, () => queue);
  const note = notes[0];
  return (
    <Snackbar
      key={note?.id}
      open={Boolean(note)}
      autoHideDuration={note?.severity === 'error' ? 8000 : 4000}
      onClose={(_, reason) => reason !== 'clickaway' && note && dismiss(note.id)}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {note ? (
        <Alert severity={note.severity} variant="filled" onClose={() => dismiss(note.id)} sx={{ width: '100%' }}>
          {note.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
