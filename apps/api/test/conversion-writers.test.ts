import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, subscriptionEvents, subscriptions } from '../src/db/schema/index.ts';
import { writeSubscriptionRows } from '../src/modules/billers/subscription-rows.ts';
import { type ConversionInput, type ConversionSource, recordConversion, siteApi } from '../src/modules/conversions/service.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import type { TestApp } from './helpers.ts';
import { addBillerAccount } from './support/billers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './support/tracking.ts';

/**
 * The two writers write the one decision's rows: the same random reports (a signup, sale or rebill,
 * on a click of a revshare or a cpa offer, of another site, unknown or none, in USD or in a
 * currency without a rate) go through the batched writer and through the single transaction, and
 * every row they write agrees: the conversion (status, reason, attribution, amounts) and its
 * earning, referral commission and pending postback deliveries, and, reported by a biller account,
 * the subscription rows the billers module's verb writes for it. Then the same random reversals
 * (refunds in part, in full, past the sale; chargebacks; naming the sale by its click, its
 * transaction or both) of each writer's sale, through the single transaction that takes back: each
 * reversal's rows and answer, and the sale's status after it, agree for both sales.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, alice: Tokens, billerAccountId: number;
let rev: Catalogue, cpa: Catalogue, other: Catalogue;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  let staff: Tokens;
  ({ t, alice, staff, catalogues: { rev, cpa, other } } = await appWithCatalogues(mail, ['offers'], {
    rev: { name: 'writersvr', payoutType: 'revshare', payout: 35 },
    cpa: { name: 'writerscpa', payoutType: 'cpa', payout: 20, goal: 'sale' },
    other: { name: 'writersother', payoutType: 'revshare', payout: 35 },
  }));
  billerAccountId = (await addBillerAccount(t.app, staff, rev.siteId)).id;
}, 120_000);
afterAll(() => closeAppWithMail(t, mail));

async function newClick(offer: Catalogue) {
  const link = await trackingLink(t.app, alice, offer.offerId);
  return (await click(t.app, link.url, { ip: `10.35.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}

/** Everything written for one conversion, without what differs by nature (ids, transaction ids). */
async function written(id: number) {
  const [c] = await t.app.db.select().from(conversions).where(eq(conversions.id, id));
  const [money] = await rows<{ earning: string; reversed: string; kind: string | null; commission: string; deliveries: string }>(
    t.app.db,
    sql`select coalesce((select sum(amount_cents) from ledger_entries where conversion_id = ${id} and kind = 'earning'), 0)::text as earning,
      coalesce((select sum(amount_cents) from ledger_entries where conversion_id = ${id} and kind = 'reversal'), 0)::text as reversed,
      (select payout_type from ledger_entries where conversion_id = ${id} and kind = 'earning' limit 1) as kind,
      coalesce((select sum(x.amount_cents) from ledger_entries x join ledger_entries e on x.source_id = e.id where e.conversion_id = ${id} and x.kind = 'referral_commission'), 0)::text as commission,
      (select count(*) from postback_deliveries where conversion_id = ${id})::text as deliveries`,
  );
  const { id: _id, transactionId: _tx, createdAt: _at, ...row } = c!;
  // Its subscription rows: the subscription its sale started, and its own event.
  const started = (await t.app.db.select().from(subscriptions).where(eq(subscriptions.saleConversionId, id))).map(({ id: _s, subscriptionId: _name, saleConversionId: _sale, ...s }) => s);
  const events = (await t.app.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.conversionId, id))).map(({ id: _e, subscriptionId: _s, conversionId: _c, ...e }) => e);
  return { row, money, started, events };
}

/** A biller account's source for a report, with its subscription (its row when known) and the billers module's verb. */
const fromBiller = (subscriptionId: string, rowId: number | null, eventType: string): ConversionSource => ({
  billerAccountId,
  billerEvent: eventType,
  subscription: { accountId: billerAccountId, subscriptionId, rowId, eventType, write: writeSubscriptionRows },
});

/** The subscription a biller's sale started, if any. */
const subscriptionOf = async (saleId: number) => (await t.app.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.saleConversionId, saleId)))[0]?.id ?? null;

/** As `written`, for rows of two different clicks: the click, its time, its visitor (whether kept, not which) and the sale a reversal names left out. */
async function writtenApart(id: number) {
  const { row, money, started, events } = await written(id);
  const { cid: _cid, clickedAt: _clickedAt, visitorHash, originalTransactionId: _original, reversesConversionId, ...rest } = row;
  return { row: { ...rest, reversesSale: reversesConversionId !== null, keepsVisitor: visitorHash !== null }, money, started: started.map(({ cid: _c, ...s }) => s), events };
}

const report = fc.record({
  type: fc.constantFrom('signup' as const, 'sale' as const, 'rebill' as const),
  clickOf: fc.constantFrom('rev', 'cpa', 'other', 'unknown', 'none'),
  cents: fc.integer({ min: 0, max: 500_000 }),
  currency: fc.constantFrom('USD', 'XCD'),
  // The site's API, or a biller account naming a subscription (a sale starts it; a rebill of an unknown one starts none).
  channel: fc.constantFrom('site', 'biller'),
});

describe('the batched writer and the single transaction', () => {
  it('write the same rows for the same reports', async () => {
    await fc.assert(
      fc.asyncProperty(report, async (r) => {
        const offer = r.clickOf === 'cpa' ? cpa : r.clickOf === 'other' ? other : rev;
        const cid = r.clickOf === 'none' ? '' : r.clickOf === 'unknown' ? 'nosuchclick0000000000' : await newClick(offer);
        const input = (tx: string): ConversionInput => ({ cid, type: r.type, amount: r.cents / 100, amount_minor: r.cents, currency: r.currency, transaction_id: tx, original_transaction_id: undefined });
        const now = new Date();
        const source = (name: string) => (r.channel === 'biller' ? fromBiller(name, null, r.type) : siteApi);
        const batched = await t.app.conversionWriter.write({ siteId: rev.siteId, input: input(`W-B-${++seq}`), now, source: source(`SUB-W-B-${seq}`) });
        const single = await recordConversion(t.app.db, rev.siteId, input(`W-S-${seq}`), now, source(`SUB-W-S-${seq}`));
        expect({ ...single, conversionId: 0 }).toEqual({ ...batched, conversionId: 0 });
        expect(await written(single.conversionId)).toEqual(await written(batched.conversionId));
      }),
      { numRuns: Number(process.env.WRITER_RUNS ?? 40) },
    );
  }, 120_000);
});

const reversal = fc.record({
  type: fc.constantFrom('refund' as const, 'chargeback' as const),
  // What it names: the sale's click and transaction, only the transaction, or only the click.
  names: fc.constantFrom('both', 'original', 'cid'),
  // 0: all that is left; else in part, or more than the sale.
  amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 500_001, max: 2_000_000 })),
});

describe('reversals of a sale each writer recorded', () => {
  it('write the same rows, answers and sale status', async () => {
    await fc.assert(
      fc.asyncProperty(report, fc.array(reversal, { minLength: 1, maxLength: 4 }), async (r, reversals) => {
        const offer = r.clickOf === 'cpa' ? cpa : rev;
        const sales = { B: { cid: await newClick(offer), tx: `R-B-${++seq}` }, S: { cid: await newClick(offer), tx: `R-S-${seq}` } };
        const input = (cid: string, tx: string): ConversionInput => ({ cid, type: r.type, amount: r.cents / 100, amount_minor: r.cents, currency: r.currency, transaction_id: tx, original_transaction_id: undefined });
        const now = new Date();
        const source = (name: string) => (r.channel === 'biller' ? fromBiller(name, null, r.type) : siteApi);
        const batched = await t.app.conversionWriter.write({ siteId: rev.siteId, input: input(sales.B.cid, sales.B.tx), now, source: source(`SUB-${sales.B.tx}`) });
        const single = await recordConversion(t.app.db, rev.siteId, input(sales.S.cid, sales.S.tx), now, source(`SUB-${sales.S.tx}`));
        // A reversal from the biller names the subscription its sale started (a rebill of an unknown one started none).
        const reversalSource = async (saleId: number, name: string, type: string) => (r.channel === 'biller' ? fromBiller(name, await subscriptionOf(saleId), type) : siteApi);
        expect({ ...single, conversionId: 0 }).toEqual({ ...batched, conversionId: 0 });
        let n = 0;
        for (const x of reversals) {
          n++;
          const undo = (sale: { cid: string; tx: string }, which: string): ConversionInput => ({
            cid: x.names === 'original' ? '' : sale.cid,
            type: x.type,
            amount: x.amount / 100,
            amount_minor: x.amount,
            currency: 'USD',
            transaction_id: `${sale.tx}-${which}${n}`,
            original_transaction_id: x.names === 'cid' ? undefined : sale.tx,
          });
          const ofB = await recordConversion(t.app.db, rev.siteId, undo(sales.B, 'r'), now, await reversalSource(batched.conversionId, `SUB-${sales.B.tx}`, x.type));
          const ofS = await recordConversion(t.app.db, rev.siteId, undo(sales.S, 'r'), now, await reversalSource(single.conversionId, `SUB-${sales.S.tx}`, x.type));
          expect({ ...ofS, conversionId: 0 }).toEqual({ ...ofB, conversionId: 0 });
          expect(await writtenApart(ofS.conversionId)).toEqual(await writtenApart(ofB.conversionId));
          expect(await writtenApart(single.conversionId)).toEqual(await writtenApart(batched.conversionId));
        }
      }),
      { numRuns: Number(process.env.WRITER_RUNS ?? 25) },
    );
  }, 180_000);
});
