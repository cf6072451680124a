import { type BillerEventStatus, billerMessages, type ConversionType } from '@portal/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billerAccounts, billerEvents, conversions, subscriptionEvents, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ConversionInput, ConversionOutcome, ConversionSource, ConversionWriter } from '../conversions/index.ts';
import { recordConversion } from '../conversions/index.ts';
import { type AccountKeys, accountByKey, type BillerAccountRow, secretOf } from './accounts.ts';
import { type BillerPost, formatOf, isCcbillAddress, isRefused, type ParsedBillerEvent } from './formats/index.ts';
import { storedPost } from './raw.ts';

/** What receiving a post needs of the app. */
export interface ReceiveDeps extends AccountKeys {
  db: Db;
  conversionWriter: ConversionWriter;
}

/** What a post became: the event log's status and reason, and the conversion it made. */
export interface Outcome {
  status: BillerEventStatus;
  reason: string | null;
  conversionId: number | null;
}

/** The biller's answer: success (its okBody) or a refusal in the one error shape. */
export type Answer = { ok: true; body: string; eventId: number } | { ok: false; error: AppError; eventId: number | null };

/** How a biller event maps onto the public conversion types (a void of a sale reverses it like a refund). */
const conversionTypeOf: Partial<Record<ParsedBillerEvent['type'], ConversionType>> = {
  sale: 'sale',
  rebill: 'rebill',
  refund: 'refund',
  chargeback: 'chargeback',
  void: 'refund',
};

const subscriptionStatusOf: Partial<Record<ParsedBillerEvent['type'], { status: string; at?: 'cancelledAt' | 'expiredAt' }>> = {
  cancellation: { status: 'cancelled', at: 'cancelledAt' },
  expiration: { status: 'expired', at: 'expiredAt' },
  uncancellation: { status: 'active' },
};

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The subscription of an account and the click to credit: the first sale's (staff may have attached it since). */
async function subscriptionOf(db: Db, accountId: number, subscriptionId: string): Promise<(SubscriptionRow & { saleCid: string | null }) | undefined> {
  const [row] = await db
    .select({ s: subscriptions, saleCid: conversions.cid })
    .from(subscriptions)
    .leftJoin(conversions, eq(conversions.id, subscriptions.saleConversionId))
    .where(and(eq(subscriptions.billerAccountId, accountId), eq(subscriptions.subscriptionId, subscriptionId)));
  return row ? { ...row.s, saleCid: row.saleCid } : undefined;
}

const outcomeOf = (out: ConversionOutcome): Outcome => ({ status: out.status === 'reversed' || out.status === 'rejected' ? 'accepted' : out.status, reason: out.reason, conversionId: out.conversionId });

/**
 * Makes the parsed event what it is (docs/billers.md): a sale or rebill a conversion through the
 * conversions module's one path (its batched writer), a refund, chargeback or void a reversal of the
 * sale (one by one, under the sale's lock), a cancellation, expiry or uncancellation a subscription
 * event only, a failure logged only. A rebill or refund without a click id takes it from its
 * subscription; with neither, it is stored orphaned with the reason.
 */
export async function apply(deps: ReceiveDeps, account: BillerAccountRow, event: ParsedBillerEvent, eventId: number, now: Date): Promise<Outcome> {
  const { db } = deps;
  if (event.type === 'failure') return { status: 'logged', reason: billerMessages.failureLogged, conversionId: null };
  const sub = event.subscriptionId ? await subscriptionOf(db, account.id, event.subscriptionId) : undefined;

  const lifecycle = subscriptionStatusOf[event.type];
  if (lifecycle) {
    if (!sub) return { status: 'orphaned', reason: event.subscriptionId ? billerMessages.unknownSubscription(event.subscriptionId) : billerMessages.noSubscription, conversionId: null };
    if (event.transactionId) {
      const [seen] = await db
        .select({ id: billerEvents.id })
        .from(billerEvents)
        .where(and(eq(billerEvents.billerAccountId, account.id), eq(billerEvents.transactionId, event.transactionId), eq(billerEvents.status, 'subscription'), ne(billerEvents.id, eventId)))
        .limit(1);
      if (seen) return { status: 'duplicate', reason: null, conversionId: null };
    }
    await db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: lifecycle.status, ...(lifecycle.at ? { [lifecycle.at]: now } : {}) })
        .where(eq(subscriptions.id, sub.id));
      await tx.insert(subscriptionEvents).values({ subscriptionId: sub.id, billerEventId: eventId, type: event.type, occurredAt: now }).onConflictDoNothing();
    });
    return { status: 'subscription', reason: null, conversionId: null };
  }

  const type = conversionTypeOf[event.type];
  if (!type || !event.transactionId) return { status: 'logged', reason: billerMessages.otherLogged, conversionId: null };

  const cid = event.cid ?? (event.type === 'sale' ? null : (sub?.saleCid ?? sub?.cid ?? null));
  const input: ConversionInput = {
    cid: cid ?? '',
    type,
    amount: undefined,
    amount_minor: event.amountMinor,
    currency: event.currency,
    transaction_id: event.transactionId.slice(0, 128),
    original_transaction_id: event.originalTransactionId?.slice(0, 128),
  };
  const noClickReason = cid ? null : event.subscriptionId && event.type !== 'sale' && !sub ? billerMessages.unknownSubscription(event.subscriptionId) : null;
  const source: ConversionSource = { billerAccountId: account.id, billerEvent: event.billerEvent.slice(0, 64), noClickReason };
  let out: ConversionOutcome;
  try {
    out =
      type === 'refund' || type === 'chargeback'
        ? await recordConversion(db, account.siteId, input, now, source)
        : await deps.conversionWriter.write({ siteId: account.siteId, input, now, source });
  } catch (err) {
    // Past the network's maximum for one conversion: refused, the reason kept.
    if (err instanceof AppError && err.code === 'validation_failed') {
      return { status: 'rejected', reason: (err.fields && Object.values(err.fields)[0]?.[0]) ?? err.message, conversionId: null };
    }
    throw err;
  }

  if (event.subscriptionId && out.status !== 'duplicate') {
    let subId = sub?.id;
    if (event.type === 'sale' && !sub) {
      const [conv] = await db.select().from(conversions).where(eq(conversions.id, out.conversionId));
      const [made] = await db
        .insert(subscriptions)
        .values({
          billerAccountId: account.id,
          subscriptionId: event.subscriptionId.slice(0, 128),
          siteId: account.siteId,
          cid: conv?.cid ?? null,
          affiliateId: conv?.affiliateId ?? null,
          offerId: conv?.offerId ?? null,
          campaignId: conv?.campaignId ?? null,
          saleConversionId: out.conversionId,
          startedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: subscriptions.id });
      subId = made?.id;
    }
    if (subId !== undefined) {
      const [conv] = await db.select({ amountCents: conversions.amountCents }).from(conversions).where(eq(conversions.id, out.conversionId));
      await db
        .insert(subscriptionEvents)
        .values({ subscriptionId: subId, billerEventId: eventId, type: event.type, conversionId: out.conversionId, amountCents: conv?.amountCents ?? 0, occurredAt: now })
        .onConflictDoNothing();
    }
  }
  return outcomeOf(out);
}

const refusal = (code: 'not_found' | 'forbidden' | 'bad_request', message: string) => new AppError(code, message);

/**
 * One post to `/billers/{biller}/{key}`: logged in the event log whatever it becomes. An unknown
 * biller is 404 and not logged; an unknown key, an inactive account, an address outside the
 * biller's ranges (when required) or a post its format refuses (bad signature or token, missing
 * fields) is logged as rejected and changes nothing else.
 */
export async function receivePost(deps: ReceiveDeps, biller: string, key: string, post: BillerPost, ip: string, now = new Date()): Promise<Answer> {
  const { db } = deps;
  const format = formatOf(biller);
  if (!format) return { ok: false, error: refusal('not_found', billerMessages.unknownBiller), eventId: null };
  const account = await accountByKey(db, biller, key);
  const log = async (fields: { parsed: ParsedBillerEvent | null; status: BillerEventStatus; reason: string | null; conversionId?: number | null }) => {
    const { raw, dropped } = storedPost(post, format.secretFields, fields.parsed);
    const p = fields.parsed;
    const [row] = await db
      .insert(billerEvents)
      .values({
        receivedAt: now,
        biller,
        billerAccountId: account?.id ?? null,
        siteId: account?.siteId ?? null,
        method: post.method,
        billerEvent: p?.billerEvent.slice(0, 64) ?? post.query.eventType?.slice(0, 64) ?? null,
        eventType: p?.type ?? null,
        transactionId: p?.transactionId?.slice(0, 128) ?? null,
        subscriptionId: p?.subscriptionId?.slice(0, 128) ?? null,
        status: fields.status,
        reason: fields.reason?.slice(0, 255) ?? null,
        conversionId: fields.conversionId ?? null,
        raw,
        droppedFields: dropped,
        parsed: p as unknown as Record<string, unknown> | null,
      })
      .returning({ id: billerEvents.id });
    return row!.id;
  };

  if (!account) {
    const eventId = await log({ parsed: null, status: 'rejected', reason: billerMessages.unknownAccount });
    return { ok: false, error: refusal('not_found', billerMessages.unknownAccount), eventId };
  }
  await db.update(billerAccounts).set({ lastPostAt: now }).where(eq(billerAccounts.id, account.id));

  const parsed = format.parse(post, { biller: format.biller, passthroughField: account.passthroughField, secret: secretOf(deps, account) });
  if (isRefused(parsed)) {
    const eventId = await log({ parsed: null, status: 'rejected', reason: parsed.refused });
    return { ok: false, error: refusal('forbidden', parsed.refused), eventId };
  }
  const notAllowed = !account.active
    ? billerMessages.inactiveAccount
    : account.requireBillerAddresses && biller === 'ccbill' && !isCcbillAddress(ip)
      ? billerMessages.addressNotAllowed
      : null;
  if (notAllowed) {
    const eventId = await log({ parsed, status: 'rejected', reason: notAllowed });
    return { ok: false, error: refusal('forbidden', notAllowed), eventId };
  }
  const eventId = await log({ parsed, status: 'logged', reason: null });
  const outcome = await apply(deps, account, parsed, eventId, now);
  await db
    .update(billerEvents)
    .set({ status: outcome.status, reason: outcome.reason?.slice(0, 255) ?? null, conversionId: outcome.conversionId })
    .where(eq(billerEvents.id, eventId));
  // Whatever it became (a refusal past the maximum included), it is received: the biller stops retrying.
  return { ok: true, body: format.okBody, eventId };
}
