import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '../src/db/schema/index.ts';
import { type ConversionInput, recordConversion } from '../src/modules/conversions/service.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './support/tracking.ts';

/**
 * The two writers write the one decision's rows: the same random reports (a signup, sale or rebill,
 * on a click of a revshare or a cpa offer, of another site, unknown or none, in USD or in a
 * currency without a rate) go through the batched writer and through the single transaction, and
 * every row they write agrees: the conversion (status, reason, attribution, amounts) and its
 * earning, referral commission and pending postback deliveries.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, alice: Tokens;
let rev: Catalogue, cpa: Catalogue, other: Catalogue;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  ({ t, alice, catalogues: { rev, cpa, other } } = await appWithCatalogues(mail, ['offers'], {
    rev: { name: 'writersvr', payoutType: 'revshare', payout: 35 },
    cpa: { name: 'writerscpa', payoutType: 'cpa', payout: 20, goal: 'sale' },
    other: { name: 'writersother', payoutType: 'revshare', payout: 35 },
  }));
}, 120_000);
afterAll(() => closeAppWithMail(t, mail));

async function newClick(offer: Catalogue) {
  const link = await trackingLink(t.app, alice, offer.offerId);
  return (await click(t.app, link.url, { ip: `10.35.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}

/** Everything written for one conversion, without what differs by nature (ids, transaction ids). */
async function written(id: number) {
  const [c] = await t.app.db.select().from(conversions).where(eq(conversions.id, id));
  const [money] = await rows<{ earning: string; kind: string | null; commission: string; deliveries: string }>(
    t.app.db,
    sql`select coalesce((select sum(amount_cents) from ledger_entries where conversion_id = ${id} and kind = 'earning'), 0)::text as earning,
      (select payout_type from ledger_entries where conversion_id = ${id} and kind = 'earning' limit 1) as kind,
      coalesce((select sum(x.amount_cents) from ledger_entries x join ledger_entries e on x.source_id = e.id where e.conversion_id = ${id} and x.kind = 'referral_commission'), 0)::text as commission,
      (select count(*) from postback_deliveries where conversion_id = ${id})::text as deliveries`,
  );
  const { id: _id, transactionId: _tx, createdAt: _at, ...row } = c!;
  return { row, money };
}

const report = fc.record({
  type: fc.constantFrom('signup' as const, 'sale' as const, 'rebill' as const),
  clickOf: fc.constantFrom('rev', 'cpa', 'other', 'unknown', 'none'),
  cents: fc.integer({ min: 0, max: 500_000 }),
  currency: fc.constantFrom('USD', 'XCD'),
});

describe('the batched writer and the single transaction', () => {
  it('write the same rows for the same reports', async () => {
    await fc.assert(
      fc.asyncProperty(report, async (r) => {
        const offer = r.clickOf === 'cpa' ? cpa : r.clickOf === 'other' ? other : rev;
        const cid = r.clickOf === 'none' ? '' : r.clickOf === 'unknown' ? 'nosuchclick0000000000' : await newClick(offer);
        const input = (tx: string): ConversionInput => ({ cid, type: r.type, amount: r.cents / 100, amount_minor: r.cents, currency: r.currency, transaction_id: tx, original_transaction_id: undefined });
        const now = new Date();
        const batched = await t.app.conversionWriter.write({ siteId: rev.siteId, input: input(`W-B-${++seq}`), now });
        const single = await recordConversion(t.app.db, rev.siteId, input(`W-S-${seq}`), now);
        expect({ ...single, conversionId: 0 }).toEqual({ ...batched, conversionId: 0 });
        expect(await written(single.conversionId)).toEqual(await written(batched.conversionId));
      }),
      { numRuns: Number(process.env.WRITER_RUNS ?? 40) },
    );
  }, 120_000);
});
