import { BASE_CURRENCY } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ValidationError } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { runStatement } from '../../db/raw.ts';
import { Batcher } from '../../lib/batcher.ts';
import { type Admission, admitUnderCaps, type CapDemand, conversionCapsOf } from '../caps/index.ts';
import { type EffectivePayout, effectivePayouts } from '../offers/index.ts';
import { type ClickRecord, clickTimeOf } from '../clicks/index.ts';
import { maxConversionCents, rateKey, ratesOn } from '../exchange-rates/index.ts';
import { screenConversions, type Verdict } from '../fraud/index.ts';
import { notifyEnqueued } from '../jobs/index.ts';
import { deliveriesFor, type NewDelivery, POSTBACK_RETRY_WINDOW_MS, postbacksOfAffiliates } from '../postbacks/index.ts';
import { type EarningRow, earningsParams } from '../ledger/index.ts';
import { statsDay } from '../../lib/days.ts';
import { clicksOf, existingIds, newConversionIds, writeBatch } from './batch-sql.ts';
import { type Price, priceOf } from './pricing.ts';
import { decide, type Known, type Report, type SubscriptionWrite, type SubscriptionWriter } from './decision.ts';
import { type ConversionInput, type ConversionOutcome, type ConversionSource, forPostback, recordConversion, siteApi } from './service.ts';

/**
 * New-customer events (signups, sales, rebills) are recorded in group commits: the conversions
 * arriving together share three reads (their clicks; then their payouts, postbacks and ids at once)
 * and one statement that writes the conversions, earnings, referral commissions, both rollups, the postback deliveries
 * and their jobs. Each site's answer waits for that commit. The outcome is the same as
 * `recordConversion` one by one: idempotent on (site, transaction_id), the first report stands.
 * Refunds and chargebacks, which look up what they reverse, keep the one-by-one path.
 */
export interface ConversionRequest {
  siteId: number;
  input: ConversionInput;
  now: Date;
  /** The site's API when left out, else the biller account that posted it. */
  source?: ConversionSource;
}

type Result = { ok: ConversionOutcome } | { err: unknown };

export class ConversionWriter {
  private readonly batcher: Batcher<ConversionRequest, Result>;

  constructor(db: Db, log: FastifyBaseLogger, maxInFlight = 1, maximum: Maximum = { get: () => maxConversionCents(db) }) {
    this.batcher = new Batcher((batch) => writeConversions(db, batch, maximum), {
      maxInFlight,
      maxBatch: 500,
      onError: (err, conversions) => log.error({ err, conversions }, 'conversion batch failed'),
    });
  }

  async write(request: ConversionRequest): Promise<ConversionOutcome> {
    const result = await this.batcher.submit(request);
    if ('err' in result) throw result.err;
    return result.ok;
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }

  /** Batches written and conversions in them, for the tests and benchmarks. */
  get stats(): { batches: number; conversions: number } {
    return { batches: this.batcher.stats.batches, conversions: this.batcher.stats.items };
  }
}

/** The most one conversion may be worth, in USD cents (exchange-rates' cached setting). */
interface Maximum {
  get(): Promise<number>;
}

/** What a conversion reads of its click: the click's rollup dimensions. */
type ClickFields = Pick<ClickRecord, 'cid' | 'createdAt' | 'affiliateId' | 'offerId' | 'siteId' | 'campaignId' | 'country' | 'device' | 'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5' | 'creative' | 'visitorHash'>;

/** Writes a batch; if the shared statement fails, each conversion is retried alone so one bad report fails alone. */
async function writeConversions(db: Db, batch: ConversionRequest[], maximum: Maximum): Promise<Result[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await writeTogether(db, batch, maximum)).map((r) => (r instanceof ValidationError ? { err: r } : { ok: r }));
    } catch (err) {
      if (attempt < 3 && (err as { code?: string }).code === '40P01') continue;
      if (batch.length === 1) throw err;
      return Promise.all(
        batch.map((r) =>
          recordConversion(db, r.siteId, r.input, r.now, r.source).then(
            (ok) => ({ ok }),
            (e: unknown) => ({ err: e }),
          ),
        ),
      );
    }
  }
}

async function writeTogether(db: Db, batch: ConversionRequest[], maximum: Maximum): Promise<Array<ConversionOutcome | ValidationError>> {
  // The same transaction twice in one batch: the first stands, the others answer `duplicate`.
  const firstOf = new Map<string, number>();
  let primary: number[] = [];
  const sameAs = batch.map((r, i) => {
    // With shared ids, the site's sources that share them are one source.
    const key = `${r.siteId}|${r.source?.sharedIds ? 'shared' : (r.source?.billerAccountId ?? '')}|${r.input.transaction_id}`;
    const first = firstOf.get(key);
    if (first !== undefined) return first;
    firstOf.set(key, i);
    primary.push(i);
    return i;
  });

  // Each conversion's USD price (the rates of the batch's foreign amounts in one read) and its click, read together.
  const foreign = primary.filter((i) => batch[i]!.input.currency !== BASE_CURRENCY && batch[i]!.input.amount_minor > 0);
  const wanted = primary.flatMap((i) => {
    const at = clickTimeOf(batch[i]!.input.cid ?? '');
    return at ? [{ i, cid: batch[i]!.input.cid!, at: at.toISOString() }] : [];
  });
  const [rates, maxCents, clickRows] = await Promise.all([
    ratesOn(db, foreign.map((i) => ({ currency: batch[i]!.input.currency, day: statsDay(batch[i]!.now) }))),
    maximum.get(),
    wanted.length ? runStatement<ClickFields & { ord: number | string }>(db, clicksOf, [wanted.map((w) => w.cid), wanted.map((w) => w.at)]) : [],
  ]);
  const clicks = new Map<number, ClickFields>();
  for (const row of clickRows) clicks.set(wanted[Number(row.ord) - 1]!.i, row);
  const prices = new Map<number, Price>();
  // Past the maximum: answered 422 on `amount`, not stored.
  const refused = new Map<number, ValidationError>();
  for (const i of primary) {
    const { input, now } = batch[i]!;
    const day = statsDay(now);
    const price = priceOf(input, day, rates.get(rateKey(input.currency, day)), maxCents);
    if (price instanceof ValidationError) refused.set(i, price);
    else prices.set(i, price);
  }
  if (refused.size) primary = primary.filter((i) => !refused.has(i));
  // Fraud screening (docs/fraud.md) of the attributed ones: each sees the batch's earlier conversions as recorded. Only a flag is still paid.
  const reportOf = (i: number): Report => ({ siteId: batch[i]!.siteId, input: batch[i]!.input, source: batch[i]!.source ?? siteApi, now: batch[i]!.now });
  const screened = primary.filter((i) => decide(reportOf(i), { price: prices.get(i)!, click: clicks.get(i), verdict: null, payout: undefined }).row.affiliateId !== null);
  const verdicts = new Map<number, Verdict | null>();
  (
    await screenConversions(
      db,
      screened.map((i) => {
        const c = clicks.get(i)!;
        return { affiliateId: c.affiliateId, offerId: c.offerId, clickedAt: c.createdAt, visitorHash: c.visitorHash, type: batch[i]!.input.type, now: batch[i]!.now };
      }),
    )
  ).forEach((v, n) => verdicts.set(screened[n]!, v));
  const knownOf = (i: number, payout?: EffectivePayout, overCap = false): Known => ({ price: prices.get(i)!, click: clicks.get(i), verdict: verdicts.get(i) ?? null, payout, overCap });
  const attributed = primary.filter((i) => decide(reportOf(i), knownOf(i)).paid !== null);
  const pairs = [...new Map(attributed.map((i) => clicks.get(i)!).map((c) => [`${c.offerId}|${c.affiliateId}`, { offerId: c.offerId, affiliateId: c.affiliateId }])).values()];
  const [payouts, affiliatePostbacks, ids, caps] = await Promise.all([
    effectivePayouts(db, pairs),
    postbacksOfAffiliates(db, [...new Set(attributed.map((i) => clicks.get(i)!.affiliateId))]),
    runStatement<{ id: number | string }>(db, newConversionIds, [primary.length]),
    conversionCapsOf(db, pairs.map((p) => p.offerId)),
  ]);
  const payoutOf = (i: number) => {
    const click = clicks.get(i);
    return click ? payouts.get(`${click.offerId}|${click.affiliateId}`) : undefined;
  };
  // Conversions on an offer with conversion or payout caps take their place under them in the
  // transaction that writes the batch (caps/take.ts `admitUnderCaps`): never past a hard cap.
  const capped = new Set(caps.map((c) => c.offer_id));
  const underCaps = capped.size ? attributed.filter((i) => capped.has(clicks.get(i)!.offerId)) : [];
  const demands: CapDemand[] = underCaps.map((i) => {
    const click = clicks.get(i)!;
    const d = decide(reportOf(i), knownOf(i, payoutOf(i)));
    return { offerId: click.offerId, affiliateId: click.affiliateId, newCustomer: d.newCustomer, earningCents: d.capCents, now: batch[i]!.now };
  });
  const outcomes = new Map<number, ConversionOutcome>();

  /** Builds the statement's columns (over-cap conversions stored rejected) and runs it. */
  const write = async (admission: Admission | undefined) => {
    const overCap = new Set(admission ? underCaps.filter((_, n) => !admission.admitted[n]) : []);
    const cols = {
      id: [] as number[],
      siteId: [] as number[],
      transactionId: [] as string[],
      type: [] as string[],
      amountCents: [] as number[],
      currency: [] as string[],
      cid: [] as (string | null)[],
      clickedAt: [] as (string | null)[],
      affiliateId: [] as (number | null)[],
      offerId: [] as (number | null)[],
      campaignId: [] as (number | null)[],
      status: [] as string[],
      orphanReason: [] as (string | null)[],
      originalTransactionId: [] as (string | null)[],
      day: [] as string[],
      createdAt: [] as string[],
      earningCents: [] as number[],
      clickSiteId: [] as (number | null)[],
      country: [] as string[],
      device: [] as string[],
      sub1: [] as string[],
      sub2: [] as string[],
      sub3: [] as string[],
      sub4: [] as string[],
      sub5: [] as string[],
      isNewCustomer: [] as number[],
      creative: [] as string[],
      amountMinor: [] as number[],
      usdRate: [] as (string | null)[],
      fraudAction: [] as (string | null)[],
      fraudReason: [] as (string | null)[],
      billerAccountId: [] as (number | null)[],
      billerEvent: [] as (string | null)[],
      sharedId: [] as boolean[],
      visitorHash: [] as Array<string | null>,
    };
    const deliveries: NewDelivery[] = [];
    // The ledger's rows, built by the ledger (its `earningsParams`), written in the same statement.
    const earnings: EarningRow[] = [];
    // The subscription rows of biller posts, handed to the billers module's verb once their conversions are written.
    const subscriptionRows: Array<{ row: SubscriptionWrite; verb: SubscriptionWriter }> = [];
    primary.forEach((i, n) => {
      // The one decision (decision.ts); this writer only lays its values out as the statement's columns.
      const d = decide(reportOf(i), knownOf(i, payoutOf(i), overCap.has(i)));
      const { row } = d;
      const id = Number(ids[n]!.id);
      const click = clicks.get(i);
      cols.id.push(id);
      cols.siteId.push(row.siteId);
      cols.transactionId.push(row.transactionId);
      cols.type.push(row.type);
      cols.amountCents.push(row.amountCents);
      cols.currency.push(row.currency);
      cols.cid.push(row.cid);
      cols.clickedAt.push(row.clickedAt ? row.clickedAt.toISOString() : null);
      cols.affiliateId.push(row.affiliateId);
      cols.offerId.push(row.offerId);
      cols.campaignId.push(row.campaignId);
      cols.status.push(row.status);
      cols.orphanReason.push(row.reason);
      cols.originalTransactionId.push(row.originalTransactionId);
      cols.day.push(row.day);
      cols.createdAt.push(row.createdAt.toISOString());
      cols.earningCents.push(d.earning?.cents ?? 0);
      cols.clickSiteId.push(click?.siteId ?? null);
      cols.country.push(click?.country ?? '');
      cols.device.push(click?.device ?? '');
      cols.sub1.push(click?.sub1 ?? '');
      cols.sub2.push(click?.sub2 ?? '');
      cols.sub3.push(click?.sub3 ?? '');
      cols.sub4.push(click?.sub4 ?? '');
      cols.sub5.push(click?.sub5 ?? '');
      cols.isNewCustomer.push(d.newCustomer ? 1 : 0);
      cols.creative.push(click?.creative ?? '');
      cols.amountMinor.push(row.amountMinor);
      cols.usdRate.push(row.usdRate);
      cols.fraudAction.push(row.fraudAction);
      cols.fraudReason.push(row.fraudReason);
      cols.billerAccountId.push(row.billerAccountId);
      cols.billerEvent.push(row.billerEvent);
      cols.sharedId.push(row.sharedId);
      cols.visitorHash.push(row.visitorHash);
      if (d.subscription) subscriptionRows.push({ row: { ...d.subscription, conversionId: id }, verb: batch[i]!.source!.subscription!.write });
      // Orphaned, rejected or held: stored, no money, rollup or postback (a held one until a rate releases it, release.ts, or staff approve it, the fraud module's review.ts).
      if (!d.paid || !click) {
        outcomes.set(i, { status: row.status, conversionId: id, earningCents: null, reason: row.reason });
        return;
      }
      const earningCents = d.earning?.cents ?? 0;
      if (d.earning) earnings.push({ affiliateId: click.affiliateId, conversionId: id, cid: click.cid, offerId: click.offerId, day: row.day, createdAt: row.createdAt, ...d.earning });
      outcomes.set(i, { status: 'accepted', conversionId: id, earningCents, reason: null });
      deliveries.push(...deliveriesFor(affiliatePostbacks, forPostback(id, click, batch[i]!.input, earningCents, row.amountCents, row.createdAt)));
    });

    const params = [
      ...Object.values(cols),
      deliveries.map((d) => d.conversionId),
      deliveries.map((d) => d.postbackId),
      deliveries.map((d) => d.method),
      deliveries.map((d) => d.url),
      new Date(Date.now() + POSTBACK_RETRY_WINDOW_MS).toISOString(),
      ...earningsParams(earnings),
    ];
    const inserted = await runStatement<{ id: number | string }>(db, writeBatch, params);
    if (subscriptionRows.length) {
      // Only those written (not reported before): one call of each verb for the batch.
      const written = new Set(inserted.map((r) => Number(r.id)));
      const byVerb = new Map<SubscriptionWriter, SubscriptionWrite[]>();
      for (const { row, verb } of subscriptionRows) {
        if (!written.has(row.conversionId)) continue;
        const rows = byVerb.get(verb) ?? [];
        rows.push(row);
        byVerb.set(verb, rows);
      }
      for (const [verb, rows] of byVerb) await verb(db, rows);
    }
    if (admission) {
      // Reported before (a duplicate found by the statement): the room it took is given back.
      const kept = new Set(inserted.map((r) => Number(r.id)));
      await admission.giveBack(db, underCaps.flatMap((i, n) => (kept.has(outcomes.get(i)!.conversionId) ? [] : [n])));
    }
    return { inserted, deliveries: deliveries.length };
  };
  // Room under the offers' caps is taken first, in a short transaction of its own (caps/take.ts): the
  // counter rows stay locked only while it runs, not while the batch is written, so batches on a
  // capped offer write side by side. Never past a hard cap: the room is taken before any conversion
  // is stored. A batch that then fails gives all of it back before its conversions are retried one by
  // one (each taking its own); a crash in between leaves room taken for nothing, the safe side.
  const admission = demands.length ? await db.transaction((tx) => admitUnderCaps(tx, demands, caps)) : undefined;
  let written: Awaited<ReturnType<typeof write>>;
  try {
    written = await write(admission);
  } catch (err) {
    // If even that fails, the room stays taken: the safe side.
    if (admission) await admission.giveBack(db, underCaps.map((_, n) => n)).catch(() => undefined);
    throw err;
  }
  const { inserted, deliveries } = written;
  if (deliveries) notifyEnqueued();

  // Reported before this batch: the first report stands.
  const kept = new Set(inserted.map((r) => Number(r.id)));
  const earlier = primary.filter((i) => !kept.has(outcomes.get(i)!.conversionId));
  if (earlier.length) {
    const rows = await runStatement<{ ord: number | string; id: number | string }>(db, existingIds, [
      earlier.map((i) => batch[i]!.siteId),
      earlier.map((i) => batch[i]!.source?.billerAccountId ?? null),
      earlier.map((i) => batch[i]!.input.transaction_id),
      earlier.map((i) => batch[i]!.source?.sharedIds ?? false),
    ]);
    for (const row of rows) outcomes.set(earlier[Number(row.ord) - 1]!, { status: 'duplicate', conversionId: Number(row.id), earningCents: null, reason: null });
  }
  return batch.map((_, i) => {
    const no = refused.get(sameAs[i]!);
    if (no) return no;
    const first = outcomes.get(sameAs[i]!)!;
    return sameAs[i] === i ? first : { status: 'duplicate', conversionId: first.conversionId, earningCents: null, reason: null };
  });
}
