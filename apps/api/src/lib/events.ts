import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema/index.ts';

/** `object.action`: the object type and what happened to it ("offer.updated"). */
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
  | 'settings.money'
  | 'session.revoked'
  | 'api_token.created'
  | 'api_token.revoked'
  | 'profile.updated'
  | 'profile.info_approved'
  | 'profile.info_rejected'
  | 'profile.appealed'
  | 'email.preferences'
  | 'email.unsubscribed'
  | 'tax_form.submitted'
  | 'tax_form.accepted'
  | 'tax_form.declined'
  | 'tax_form.status'
  | 'tax_form.tin_revealed'
  | 'tax_year.issued'
  | 'tax_year.irs_file'
  | 'tax_documents.delivery'
  | 'settings.tax_documents'
  | `${string}.${string}`;

export interface EventInput {
  actorId?: number | null;
  /** The staff user behind a login-as session, when the actor is the affiliate. */
  impersonatorId?: number | null;
  subjectId?: number | null;
  ip?: string | null;
  data?: Record<string, unknown>;
  /** Defaults to the halves of the type. */
  objectType?: string;
  objectId?: string | number | null;
  /** The object's values before and after the write (secrets are hidden before storing). */
  before?: unknown;
  after?: unknown;
}

const SECRET_KEY = /password|secret|token|api_key|apikey|tin$|^tin|hash/i;

/** A copy with secret values hidden: the history must not become a place to read keys from. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== '' ? '[hidden]' : withoutSecrets(v)]));
  }
  return value;
}

/** Writes one line of the event history staff read in Global Settings. */
export async function recordEvent(db: Db, type: EventType, e: EventInput): Promise<void> {
  const dot = type.indexOf('.');
  await db.insert(events).values({
    type,
    objectType: (e.objectType ?? (dot > 0 ? type.slice(0, dot) : type)).slice(0, 32),
    action: (dot > 0 ? type.slice(dot + 1) : '').slice(0, 32),
    objectId: e.objectId === undefined || e.objectId === null ? null : String(e.objectId).slice(0, 64),
    actorId: e.actorId ?? null,
    impersonatorId: e.impersonatorId ?? null,
    subjectId: e.subjectId ?? null,
    ip: e.ip ?? null,
    data: (withoutSecrets(e.data ?? {}) as Record<string, unknown>) ?? {},
    before: e.before === undefined ? null : withoutSecrets(JSON.parse(JSON.stringify(e.before ?? null))),
    after: e.after === undefined ? null : withoutSecrets(JSON.parse(JSON.stringify(e.after ?? null))),
  });
}

/**
 * A staff (or login-as) write, answerable: the signed-in user, the staff user behind a login-as
 * session, the address, the object and its values before and after.
 */
export async function recordChange(
  request: FastifyRequest,
  type: EventType,
  change: { objectId?: string | number | null; subjectId?: number | null; before?: unknown; after?: unknown; data?: Record<string, unknown> },
): Promise<void> {
  const auth = request.auth;
  await recordEvent(request.server.db, type, {
    actorId: auth?.id ?? null,
    impersonatorId: auth?.impersonatorId ?? null,
    ip: request.ip,
    ...change,
  });
}
