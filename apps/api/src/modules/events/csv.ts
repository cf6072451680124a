import { type EventItem, toCsv } from '@portal/contracts';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
const who = (u: EventItem['actor']) => (u ? `${u.name} <${u.email}>` : '');

/** The event history as CSV (formula-safe through the contracts' writer). */
export function eventsCsv(items: readonly EventItem[]): string {
  return toCsv(
    ['id', 'when', 'user', 'login_as_staff', 'object_type', 'action', 'object_id', 'subject', 'ip', 'before', 'after', 'details'],
    items.map((e) => [e.id, e.created_at, who(e.actor), who(e.impersonator), e.object_type, e.action, e.object_id ?? '', who(e.subject), e.ip ?? '', json(e.before), json(e.after), json(e.data)]),
  );
}
