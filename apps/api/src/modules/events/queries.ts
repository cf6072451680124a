import { type EventItem, type EventListReply, type eventListQuerySchema, signInEventTypes } from '@portal/contracts';
import { and, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import { NETWORK_TIME_ZONE } from '@portal/contracts';

type Query = z.output<typeof eventListQuerySchema>;

/** Days are read in the network's time zone (SPEC.md section 9). */
const ZONE = NETWORK_TIME_ZONE;

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');
const subject = alias(users, 'subject');

function filters(q: Query): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.user_id) where.push(or(eq(events.actorId, q.user_id), eq(events.impersonatorId, q.user_id), eq(events.subjectId, q.user_id)));
  if (q.object_type) where.push(eq(events.objectType, q.object_type));
  if (q.action) where.push(eq(events.action, q.action));
  if (q.from) where.push(gte(events.createdAt, sql`(${q.from}::date)::timestamp at time zone ${ZONE}`));
  if (q.to) where.push(lt(events.createdAt, sql`(${q.to}::date + 1)::timestamp at time zone ${ZONE}`));
  if (q.kind === 'changes') where.push(notInArray(events.type, [...signInEventTypes]));
  if (q.kind === 'sign_ins') where.push(inArray(events.type, [...signInEventTypes]));
  return where.length ? and(...where) : undefined;
}

const person = (id: number | null, name: string | null, email: string | null) => (id !== null && name !== null ? { id, name, email: email ?? '' } : null);

/** The event history, newest first; `all` skips paging (the CSV export, capped). */
export async function listEvents(db: Db, q: Query, all = false): Promise<EventListReply> {
  const where = filters(q);
  const limit = all ? 50_000 : q.per_page;
  const offset = all ? 0 : (q.page - 1) * q.per_page;
  const rows = await db
    .select({
      e: events,
      actorName: actor.name,
      actorEmail: actor.email,
      impersonatorName: impersonator.name,
      impersonatorEmail: impersonator.email,
      subjectName: subject.name,
      subjectEmail: subject.email,
    })
    .from(events)
    .leftJoin(actor, eq(actor.id, events.actorId))
    .leftJoin(impersonator, eq(impersonator.id, events.impersonatorId))
    .leftJoin(subject, eq(subject.id, events.subjectId))
    .where(where)
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(events).where(where);
  const data: EventItem[] = rows.map(({ e, ...r }) => ({
    id: e.id,
    created_at: e.createdAt.toISOString(),
    type: e.type,
    object_type: e.objectType,
    action: e.action,
    object_id: e.objectId,
    actor: person(e.actorId, r.actorName, r.actorEmail),
    impersonator: person(e.impersonatorId, r.impersonatorName, r.impersonatorEmail),
    subject: person(e.subjectId, r.subjectName, r.subjectEmail),
    ip: e.ip,
    data: (e.data ?? {}) as Record<string, unknown>,
    before: e.before ?? null,
    after: e.after ?? null,
  }));
  return { data, meta: { total: total?.n ?? 0, page: all ? 1 : q.page, per_page: all ? Math.max(1, data.length) : q.per_page } };
}
