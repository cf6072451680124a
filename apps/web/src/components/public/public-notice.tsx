import { useEffect, useSyncExternalStore } from 'react';
import { t } from '../../lib/i18n.ts';
import { currentNotifications, dismissNotification, subscribeNotifications } from '../../lib/notify.ts';

/**
 * The app's notifications on the public pages, in plain markup (they load without MUI). A message
 * raised just before landing here (a session that ran out, a sign-in code that failed) is shown,
 * not lost with the app's snackbar.
 */
export function PublicNotice() {
  const notes = useSyncExternalStore(subscribeNotifications, currentNotifications);
  const note = notes[0];
  useEffect(() => {
    if (!note) return undefined;
    const timer = window.setTimeout(() => dismissNotification(note.id), note.severity === 'error' ? 8000 : 4000);
    return () => window.clearTimeout(timer);
  }, [note]);
  if (!note) return null;
  return (
    <div className={`pub-notice pub-notice-${note.severity}`} role={note.severity === 'error' ? 'alert' : 'status'}>
      <p>{note.message}</p>
      <button type="button" aria-label={t('site.notice.close')} onClick={() => dismissNotification(note.id)}>
        ×
      </button>
    </div>
  );
}
