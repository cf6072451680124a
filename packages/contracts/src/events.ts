import { z } from 'zod';
import { calendarDay } from './rules/dates.ts';
import { listReply } from './reply.ts';
import { idText } from './rules/ids.ts';

/** A blank query parameter (an empty filter field) counts as not given. */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(blank, calendarDay().optional());

/** The kinds of object the event history names, in the order the filter lists them. */
export const eventObjectTypes = [
  'user',
  'session',
  'login_as',
  'affiliate',
  'offer',
  'site',
  'landing_page',
  'campaign',
  'announcement',
  'payout',
  'payment_method',
  'bank',
  'tax_withholding',
  'split_fee',
  'settings',
  'role',
  'staff_user',
  'tier',
] as const;

/** Actions the filter offers; events may carry others (the filter takes any word). */
export const eventActions = ['created', 'updated', 'deleted', 'archived', 'login', 'logout', 'login_as', 'action', 'approved', 'rejected', 'paid', 'invited', 'deactivated'] as const;

/**
 * Sign-ins and sign-outs: most lines of a busy network, and no change to anything. The history
 * shows changes by default and these only when asked (`kind=sign_ins`, or `all`).
 */
export const signInEventTypes = ['user.login', 'user.logout', 'session.revoked', 'session.refresh_reuse'] as const;
export const eventKinds = ['changes', 'sign_ins', 'all'] as const;
export type EventKind = (typeof eventKinds)[number];

/** GET /v1/events: filters (dates are days in the display time zone, both ends included), paging, and `format=csv`. */
export const eventListQuerySchema = z.object({
  user_id: z.preprocess(blank, idText().optional()),
  object_type: z.preprocess(blank, z.string().trim().max(32).optional()),
  action: z.preprocess(blank, z.string().trim().max(32).optional()),
  from: day,
  to: day,
  kind: z.preprocess(blank, z.enum(eventKinds, { error: 'This field is invalid' }).default('changes')),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  format: z.enum(['json', 'csv']).default('json'),
});
export type EventListQuery = z.input<typeof eventListQuerySchema>;

export const eventUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type EventUser = z.infer<typeof eventUserSchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  type: z.string(),
  object_type: z.string(),
  action: z.string(),
  object_id: z.string().nullable(),
  /** Who did it; in a login-as session the affiliate, with `impersonator` the staff user behind it. */
  actor: eventUserSchema.nullable(),
  impersonator: eventUserSchema.nullable(),
  /** Whom it concerned, when that is a user. */
  subject: eventUserSchema.nullable(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /** The object's values before and after the write (null where there was none). */
  before: z.unknown(),
  after: z.unknown(),
});
export type EventItem = z.infer<typeof eventSchema>;
export const eventListReplySchema = listReply(eventSchema);
export type EventListReply = z.infer<typeof eventListReplySchema>;
