/**
 * The notifications store, without MUI: the API client reports through it, and the snackbar
 * (notifications.tsx) shows it once the app's providers have loaded.
 */

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
  // A success answers the person's latest try: a failure still showing from an earlier try goes,
  // so the success is read at once instead of queueing behind an eight-second error.
  const kept = severity === 'success' ? queue.filter((n) => n.severity !== 'error') : queue;
  queue = [...kept, { id: nextId++, severity, message }];
  emit();
}

export const notify = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
};

export function dismissNotification(id: number): void {
  queue = queue.filter((n) => n.id !== id);
  emit();
}

/** Test and guard access to what is showing (also the snackbar's snapshot). */
export function currentNotifications(): readonly Note[] {
  return queue;
}

export const subscribeNotifications = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

