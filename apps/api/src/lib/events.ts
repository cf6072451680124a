import type { Db } from '../db/client.ts';
import { events } from '../db/schema/index.ts';

export type EventType =
  | 'user.registered'
  | 'user.activated'
  | 'user.login'
  | 'user.logout'
  | 'user.password_reset'
  | 'user.password_changed'
  | 'session.refresh_reuse'
  | 'user.login_as'
  | 'settings.maintenance'
  | 'settings.money';

/** Writes one line of the event history staff read in Global Settings. */
export async function recordEvent(
  db: Db,
  type: EventType,
  e: { actorId?: number | null; subjectId?: number | null; ip?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(events).values({ type, actorId: e.actorId ?? null, subjectId: e.subjectId ?? null, ip: e.ip ?? null, data: e.data ?? {} });
}
