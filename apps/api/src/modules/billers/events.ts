import { type BillerEvent, type billerEventQuerySchema, billerMessages, type Biller, formatMinorAmount, listMeta, pageWindow } from '@portal/contracts';
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { billerEvents, conversions, sites } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { ordered } from '../../lib/list.ts';
import { type Scope, scopeCondition } from '../../lib/scope.ts';
import { addDays, dayStart } from '../../lib/days.ts';
import { loadAccount } from './accounts.ts';
import { isCcbillAddress, type ParsedBillerEvent } from './formats/index.ts';
import { movesMoney } from './formats/fields.ts';
import { apply, type ReceiveDeps, writeFollow } from './receive.ts';

type Row = typeof billerEvents.$inferSelect;

/**
 * An event's status and reason as shown: its conversion's current ones, read through (a sale
 * refunded since shows reversed, an orphan attached since accepted); a repeat stays a duplicate;
 * an event without a conversion shows its own.
 */
const throughConversion = sql`${billerEvents.conversionId} is not null and ${billerEvents.status} <> 'duplicate'`;
const shownStatus = sql<string>`case when ${throughConversion} then ${conversions.status} else ${billerEvents.status} end`;
const shownReason = sql<string | null>`case when ${throughConversion} then ${conversions.reason} else ${billerEvents.reason} end`;

function toReply(row: Row, site: { id: number; name: string } | null, conversionStatus: string | null = null): BillerEvent {
  const parsed = row.parsed as Partial<ParsedBillerEvent> | null;
  const money = parsed?.amountMinor !== undefined && parsed.currency && row.eventType && movesMoney(row.eventType as ParsedBillerEvent['type']);
  return {
    amount: money ? formatMinorAmount(parsed.amountMinor!, parsed.currency!) : null,
    currency: money ? parsed.currency! : null,
    conversion_status: conversionStatus as BillerEvent['conversion_status'],
    id: row.id,
    received_at: row.receivedAt.toISOString(),
    biller: row.biller as Biller,
    biller_account_id: row.billerAccountId,
    site,
    method: row.method,
    biller_event: row.billerEvent,
    event_type: row.eventType as BillerEvent['event_type'],
    transaction_id: row.transactionId,
    subscription_id: row.subscriptionId,
    status: row.status as BillerEvent['status'],
    reason: row.reason,
    conversion_id: row.conversionId,
    raw: row.raw,
    dropped_fields: row.droppedFields,
    replayed_at: row.replayedAt ? row.replayedAt.toISOString() : null,
  };
}

/**
 * The affiliate an event belongs to: its conversion's, else its subscription's (a cancellation);
 * none for a post that reached no affiliate (refused, orphaned, logged only). A manager limited to
 * assigned affiliates sees only their affiliates' events, as in the conversion log, where an
 * orphan, whose affiliate is unknown, is shown to whole-network staff only.
 */
const affiliateOfEvent = sql`coalesce(
  (select ev_c.affiliate_id from conversions ev_c where ev_c.id = ${billerEvents.conversionId}),
  (select ev_s.affiliate_id from subscriptions ev_s where ev_s.biller_account_id = ${billerEvents.billerAccountId} and ev_s.subscription_id = ${billerEvents.subscriptionId}))`;

/** The event log (staff with offers or payouts): every post received, newest first, filtered. */
export async function listEvents(db: Db, scope: Scope, q: z.output<typeof billerEventQuerySchema>): Promise<{ data: BillerEvent[]; meta: { total: number; page: number; per_page: number } }> {
  const where: SQL[] = [];
  const scoped = scopeCondition(scope, affiliateOfEvent);
  if (scoped) where.push(scoped);
  if (q.biller) where.push(eq(billerEvents.biller, q.biller));
  if (q.site_id) where.push(eq(billerEvents.siteId, q.site_id));
  if (q.status) where.push(sql`${shownStatus} = ${q.status}`);
  // Los Angeles days as moments, so the received-at index serves the range.
  if (q.from) where.push(gte(billerEvents.receivedAt, dayStart(q.from)));
  if (q.to) where.push(lt(billerEvents.receivedAt, dayStart(addDays(q.to, 1))));
  const condition = where.length ? and(...where) : undefined;
  const column = q.sort === 'id' ? billerEvents.id : billerEvents.receivedAt;
  const base = db
    .select({ e: billerEvents, siteName: sites.displayName, status: shownStatus, reason: shownReason, conversionStatus: conversions.status })
    .from(billerEvents)
    .leftJoin(sites, eq(sites.id, billerEvents.siteId))
    .leftJoin(conversions, eq(conversions.id, billerEvents.conversionId))
    .where(condition)
    .orderBy(ordered(column, q.order), ordered(billerEvents.id, q.order));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    limit === undefined ? base : base.limit(limit).offset(offset),
    db.select({ n: count() }).from(billerEvents).leftJoin(conversions, eq(conversions.id, billerEvents.conversionId)).where(condition),
  ]);
  return {
    data: rows.map((r) => toReply({ ...r.e, status: r.status, reason: r.reason }, r.e.siteId !== null && r.siteName !== null ? { id: r.e.siteId, name: r.siteName } : null, r.conversionStatus)),
    meta: listMeta(q, Number(total?.n ?? 0)),
  };
}

/**
 * Whether the post passed, on arrival, the checks made before its content is trusted: its account
 * was active and its address inside the biller's ranges when they were required (the signature and
 * token: a post they refused was never read, `parsed` is null). Rows stored before the verdict was
 * kept are judged by the reason they were refused for.
 */
function trustedOnArrival(row: Row): boolean {
  if (row.accountActive === false || row.addressAllowed === false) return false;
  if (row.accountActive === null && row.status === 'rejected') return row.reason !== billerMessages.inactiveAccount && row.reason !== billerMessages.addressNotAllowed;
  return true;
}

/**
 * Processes a stored event again after a fix (the sale it needed received, the maximum per conversion
 * raised): idempotent, since its conversion is keyed on its source and transaction id. An event
 * refused before it was read (unknown key, bad signature) or before it was trusted (an address
 * outside the biller's ranges, an inactive account: the verdict stored on arrival), or whose
 * address the account's ranges refuse now, cannot be replayed: 409. A replay that
 * finds the event already done keeps its first outcome.
 */
export async function replayEvent(deps: ReceiveDeps, scope: Scope, id: number, now = new Date()): Promise<BillerEvent> {
  const { db } = deps;
  const [row] = await db.select().from(billerEvents).where(and(eq(billerEvents.id, id), scopeCondition(scope, affiliateOfEvent)));
  if (!row) throw new NotFoundError(billerMessages.eventNotFound);
  // A test post is never applied, so never replayed either.
  if (!row.parsed || row.billerAccountId === null || row.status === 'test') throw new AppError('conflict', billerMessages.notReplayable);
  const account = await loadAccount(db, row.billerAccountId).catch(() => {
    throw new AppError('conflict', billerMessages.deletedAccount);
  });
  if (!account.active) throw new AppError('conflict', billerMessages.inactiveAccount);
  if (!trustedOnArrival(row)) throw new AppError('conflict', billerMessages.untrustedOnArrival);
  // The address check again, with the address the post came from (unknown: refused).
  if (account.requireBillerAddresses && row.biller === 'ccbill' && !(row.remoteAddress && isCcbillAddress(row.remoteAddress))) {
    throw new AppError('conflict', billerMessages.addressNotAllowed);
  }
  const outcome = await apply(deps, account, row.parsed as unknown as ParsedBillerEvent, row.id, now);
  await writeFollow(db, outcome, row.id, now);
  const firstStands = outcome.status === 'duplicate' && row.status !== 'rejected' && row.status !== 'logged';
  const [updated] = await db
    .update(billerEvents)
    .set(firstStands ? { replayedAt: now } : { status: outcome.status, reason: outcome.reason?.slice(0, 255) ?? null, conversionId: outcome.conversionId ?? row.conversionId, replayedAt: now })
    .where(eq(billerEvents.id, id))
    .returning();
  const [site] = updated!.siteId ? await db.select({ id: sites.id, name: sites.displayName }).from(sites).where(eq(sites.id, updated!.siteId)) : [];
  const [shown] = await db
    .select({ status: shownStatus, reason: shownReason, conversionStatus: conversions.status })
    .from(billerEvents)
    .leftJoin(conversions, eq(conversions.id, billerEvents.conversionId))
    .where(eq(billerEvents.id, id));
  return toReply({ ...updated!, status: shown!.status, reason: shown!.reason }, site ?? null, shown!.conversionStatus);
}
