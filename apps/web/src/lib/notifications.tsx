import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { currentNotifications, dismissNotification, subscribeNotifications } from './notify.ts';

export { currentNotifications, notify, type Severity, setAlertsSuppressed } from './notify.ts';

export function Notifications() {
  const notes = useSyncExternalStore(subscribeNotifications, currentNotifications);
  const note = notes[0];
  return (
    <Snackbar
      key={note?.id}
      open={Boolean(note)}
      autoHideDuration={note?.severity === 'error' ? 8000 : 4000}
      onClose={(_, reason) => reason !== 'clickaway' && note && dismissNotification(note.id)}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {note ? (
        <Alert severity={note.severity} variant="filled" onClose={() => dismissNotification(note.id)} sx={{ width: '100%' }}>
          {note.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
