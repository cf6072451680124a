import { type BillerEventStatus, billerMessages, type ConversionType } from '@portal/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billerEvents, CID_MAX } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ConversionInput, ConversionOutcome, ConversionSource, ConversionWriter, SubscriptionReport } from '../conversions/index.ts';
import { recordConversion } from '../conversions/index.ts';
import { type AccountKeys, type BillerAccountRow, secretOf } from './accounts.ts';
import { type BillerPost, formatOf, isCcbillAddress, isRefused, type ParsedBillerEvent } from './formats/index.ts';
import { type BillerIntake, type EventRow, writeEventRows } from './intake.ts';
import { storedPost } from './raw.ts';
import { linkSubscriptionEvent, type SubscriptionLink, writeSubscriptionRows } from './subscription-rows.ts';

/** What receiving a post needs of the app. */
export interface ReceiveDeps extends AccountKeys {
  db: Db;
  conversionWriter: ConversionWriter;
  /** The posts' reads and event-log rows, gathered across the posts arriving together (intake.ts). */
  intake: BillerIntake;
}

/** What a post became: the event log's status and reason, and the conversion it made. */
export interface Outcome {
  status: BillerEventStatus;
  reason: string | null;
  conversionId: number | null;
  /** The subscription rows it makes itself, written with its event-log row (they name it). */
  follow?: Follow;
  /** The subscription event its conversion's writer wrote (by `writeSubscriptionRows`), linked to its event-log row. */
  link?: SubscriptionLink;
}

/**
 * The subscription writes an event makes itself, in the transaction that writes its event-log row:
 * a lifecycle change (cancellation, expiry), or the subscription of a repeated sale whose first
 * report made none (the site reported it first, "the site reports too"). A sale's, rebill's or
 * refund's own subscription rows are the conversion's decision's, written by its writer.
 */
export type Follow =
  | { kind: 'ensure_subscription'; accountId: number; siteId: number; subscriptionId: string; conversionId: number }
  | { kind: 'lifecycle'; subscriptionRowId: number; status: string; at: 'cancelled_at' | 'expired_at' | null; type: string };

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

const subscriptionStatusOf: Partial<Record<ParsedBillerEvent['type'], { status: string; at: 'cancelled_at' | 'expired_at' | null }>> = {
  cancellation: { status: 'cancelled', at: 'cancelled_at' },
  expiration: { status: 'expired', at: 'expired_at' },
  uncancellation: { status: 'active', at: null },
};

const outcomeOf = (out: ConversionOutcome): Outcome => ({ status: out.status, reason: out.reason, conversionId: out.conversionId });

/**
 * Makes the parsed event what it is (docs/billers.md): a sale or rebill a conversion through the
 * conversions module's one path (its batched writer), a refund, chargeback or void a reversal of the
 * sale (one by one, under the sale's lock), a cancellation, expiry or uncancellation a subscription
 * event only, a failure logged only. A rebill or refund without a click id takes it from its
 * subscription; with neither, it is stored orphaned with the reason. The subscription rows are left
 * in `follow`, for the caller to write with the event's row (`eventId`: the row a replay processes
 * again, null for a new post).
 */
export async function apply(deps: ReceiveDeps, account: BillerAccountRow, event: ParsedBillerEvent, eventId: number | null, now: Date): Promise<Outcome> {
  const { db } = deps;
  if (event.type === 'failure') return { status: 'logged', reason: billerMessages.failureLogged, conversionId: null };
  const sub = event.subscriptionId ? await deps.intake.subscription(account.id, event.subscriptionId) : undefined;

  const lifecycle = subscriptionStatusOf[event.type];
  if (lifecycle) {
    if (!sub) return { status: 'orphaned', reason: event.subscriptionId ? billerMessages.unknownSubscription(event.subscriptionId) : billerMessages.noSubscription, conversionId: null };
    if (event.transactionId) {
      const [seen] = await db
        .select({ id: billerEvents.id })
        .from(billerEvents)
        .where(
          and(
            eq(billerEvents.billerAccountId, account.id),
            eq(billerEvents.transactionId, event.transactionId),
            eq(billerEvents.status, 'subscription'),
            ...(eventId === null ? [] : [ne(billerEvents.id, eventId)]),
          ),
        )
        .limit(1);
      if (seen) return { status: 'duplicate', reason: null, conversionId: null };
    }
    return { status: 'subscription', reason: null, conversionId: null, follow: { kind: 'lifecycle', subscriptionRowId: sub.id, status: lifecycle.status, at: lifecycle.at, type: event.type } };
  }

  const type = conversionTypeOf[event.type];
  if (!type || !event.transactionId) return { status: 'logged', reason: billerMessages.otherLogged, conversionId: null };

  // A click id longer than any click's cannot name one: the sale is kept orphaned with the reason.
  const tooLong = event.cid !== null && event.cid.length > CID_MAX;
  const cid = (tooLong ? null : event.cid) ?? (event.type === 'sale' ? null : (sub?.saleCid ?? sub?.cid ?? null));
  const input: ConversionInput = {
    cid: cid ?? '',
    type,
    amount: undefined,
    amount_minor: event.amountMinor,
    currency: event.currency,
    transaction_id: event.transactionId.slice(0, 128),
    original_transaction_id: event.originalTransactionId?.slice(0, 128),
  };
  const noClickReason = cid ? null : tooLong ? billerMessages.clickIdTooLong(CID_MAX) : event.subscriptionId && event.type !== 'sale' && !sub ? billerMessages.unknownSubscription(event.subscriptionId) : null;
  // Its subscription's rows are the conversion's decision's, written by this module's verb the writer is handed.
  const subscriptionId = event.subscriptionId?.slice(0, 128) ?? null;
  const subscription: SubscriptionReport | undefined = subscriptionId
    ? { accountId: account.id, subscriptionId, rowId: sub?.id ?? null, eventType: event.type, write: writeSubscriptionRows }
    : undefined;
  // "The site reports too": the site's transaction ids are this account's, one sale whoever reports it first.
  const source: ConversionSource = { billerAccountId: account.id, billerEvent: event.billerEvent.slice(0, 64), noClickReason, sharedIds: account.siteReportsToo, subscription };
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

  const outcome = outcomeOf(out);
  if (!subscriptionId) return outcome;
  if (out.status !== 'duplicate') {
    // Written with its conversion: a known subscription's event, or a first sale's subscription.
    if (sub || event.type === 'sale') outcome.link = { accountId: account.id, subscriptionId, conversionId: out.conversionId };
  } else if (event.type === 'sale' && !sub) {
    // A repeat of a sale whose first report made its conversion but not its subscription (the site
    // reported it first, or a crash in between) still makes the subscription (never a second event of it).
    outcome.follow = { kind: 'ensure_subscription', accountId: account.id, siteId: account.siteId, subscriptionId, conversionId: out.conversionId };
  }
  return outcome;
}

/** The statements (CTE steps, none reading another's rows but through `eventId`) that write an event's own subscription rows and link its conversion's. */
function followSteps(outcome: Pick<Outcome, 'follow' | 'link'>, eventId: SQL, now: Date): SQL[] {
  const { follow, link } = outcome;
  const linked = link ? [linkSubscriptionEvent(link, eventId)] : [];
  if (!follow) return linked;
  if (follow.kind === 'lifecycle') {
    const at = follow.at ? sql`, ${sql.identifier(follow.at)} = ${now}` : sql``;
    return [
      sql`lifecycle as (update subscriptions set status = ${follow.status}${at} where id = ${follow.subscriptionRowId})`,
      sql`lifecycle_event as (insert into subscription_events (subscription_id, biller_event_id, type, occurred_at)
        values (${follow.subscriptionRowId}, ${eventId}, ${follow.type}, ${now}) on conflict do nothing)`,
      ...linked,
    ];
  }
  return [
    sql`sale as (select id, cid, affiliate_id, offer_id, campaign_id from conversions where id = ${follow.conversionId})`,
    sql`sub as (insert into subscriptions (biller_account_id, subscription_id, site_id, cid, affiliate_id, offer_id, campaign_id, sale_conversion_id, started_at)
      select ${follow.accountId}, ${follow.subscriptionId}, ${follow.siteId}, sale.cid, sale.affiliate_id, sale.offer_id, sale.campaign_id, sale.id, ${now} from sale
      on conflict do nothing)`,
    ...linked,
  ];
}

/** A replayed event's own subscription rows and the link of its conversion's (its log row exists and is updated by the caller). */
export async function writeFollow(db: Db, outcome: Pick<Outcome, 'follow' | 'link'>, eventId: number, now: Date): Promise<void> {
  const steps = followSteps(outcome, sql`${eventId}::int`, now);
  if (steps.length) await db.execute(sql`with ${sql.join(steps, sql`, `)} select 1`);
}

/**
 * An event-log row written with the subscription rows its post makes itself (a lifecycle change, a
 * repeated sale's subscription), in one transaction: the row as every post's (`writeEventRows`),
 * then those rows naming it.
 */
function logWithFollow(db: Db, row: EventRow, follow: Follow): Promise<number> {
  return db.transaction(async (tx) => {
    const [id] = await writeEventRows(tx, [row]);
    await writeFollow(tx, { follow }, id!, row.receivedAt);
    return id!;
  });
}

const refusal = (code: 'not_found' | 'forbidden' | 'bad_request', message: string) => new AppError(code, message);

/**
 * One post to `/billers/{biller}/{key}`: logged in the event log whatever it becomes. An unknown
 * biller is 404 and not logged; an unknown key, an inactive account, an address outside the
 * biller's ranges (when required) or a post its format refuses (bad signature or token, missing
 * fields) is logged as rejected and changes nothing else.
 */
export async function receivePost(deps: ReceiveDeps, biller: string, key: string, post: BillerPost, ip: string, now = new Date(), options: { test?: boolean } = {}): Promise<Answer & { parsed?: ParsedBillerEvent }> {
  const { db } = deps;
  const format = formatOf(biller);
  if (!format) return { ok: false, error: refusal('not_found', billerMessages.unknownBiller), eventId: null };
  const account = await deps.intake.account(biller, key);
  // The verdict on arrival, stored with the post: a replay applies it again (events.ts).
  const addressAllowed = account?.requireBillerAddresses && biller === 'ccbill' ? isCcbillAddress(ip) : null;
  /**
   * The event-log row, the account's last post (at most once a minute: a hot row) and the link of the
   * subscription event its conversion made: one statement, shared by the posts arriving together. A
   * post that makes subscription rows of its own (`follow`) writes them with its row, in a transaction of its own.
   */
  const log = async (fields: { parsed: ParsedBillerEvent | null; status: BillerEventStatus; reason: string | null; conversionId?: number | null; follow?: Follow; link?: SubscriptionLink }) => {
    const { raw, dropped } = storedPost(post, format.secretFields, fields.parsed, deps.fieldKey);
    const p = fields.parsed;
    const row: EventRow = {
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
      dropped,
      parsed: p,
      remoteAddress: ip.slice(0, 64),
      accountActive: account ? account.active : null,
      addressAllowed,
      link: fields.link,
    };
    return fields.follow ? logWithFollow(db, row, fields.follow) : deps.intake.logEvent(row);
  };

  if (!account) {
    const eventId = await log({ parsed: null, status: 'rejected', reason: billerMessages.unknownAccount });
    return { ok: false, error: refusal('not_found', billerMessages.unknownAccount), eventId };
  }
  const parsed = format.parse(post, { biller: format.biller, passthroughField: account.passthroughField, secret: secretOf(deps, account) });
  if (isRefused(parsed)) {
    const eventId = await log({ parsed: null, status: 'rejected', reason: parsed.refused });
    return { ok: false, error: refusal('forbidden', parsed.refused), eventId };
  }
  const notAllowed = !account.active
    ? billerMessages.inactiveAccount
    : !options.test && addressAllowed === false
      ? billerMessages.addressNotAllowed
      : null;
  if (notAllowed) {
    const eventId = await log({ parsed, status: 'rejected', reason: notAllowed });
    return { ok: false, error: refusal('forbidden', notAllowed), eventId };
  }
  // A test post from the portal (`POST /v1/biller-accounts/{id}/test-post`): read and checked, logged as a test, never applied.
  if (options.test) {
    const eventId = await log({ parsed, status: 'test', reason: billerMessages.testPost });
    return { ok: true, body: format.okBody, eventId, parsed };
  }
  // Applied first, logged with what it became: a crash in between leaves the biller unanswered, and
  // its retry finds the conversion made (a duplicate) and logs it, making a sale's subscription if missing.
  const outcome = await apply(deps, account, parsed, null, now);
  const eventId = await log({ parsed, status: outcome.status, reason: outcome.reason, conversionId: outcome.conversionId, follow: outcome.follow, link: outcome.link });
  // Whatever it became (a refusal past the maximum included), it is received: the biller stops retrying.
  return { ok: true, body: format.okBody, eventId };
}
