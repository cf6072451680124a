import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversions, fraudRules, ledgerEntries, riskHolds, users } from '../src/db/schema/index.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import { pendingReviewCents } from '../src/modules/fraud/pending-review.ts';
import { type Screened, screenConversions } from '../src/modules/fraud/screening.ts';
import { rows } from '../src/db/rows.ts';
import { releaseHeld } from '../src/modules/conversions/release.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';

/**
 * Fraud screening of conversions (issue 27, docs/fraud.md): rules hold, reject or flag a conversion
 * in both conversion paths; staff approve (paid through the ledger) or reject (nothing owed) a held
 * one; the affiliate sees why and may appeal; money already paid never moves.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens, aliceId: number, bobId: number;
let cpa: Catalogue, other: Catalogue;
let ip = 0;
let seq = 0;

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId, bobId, catalogues: { cpa, other } } = await appWithCatalogues(mail, ['offers', 'fraud'], {
    cpa: { name: 'fraudcpa', payoutType: 'cpa', payout: 20, goal: 'sale' },
    other: { name: 'fraudother', payoutType: 'cpa', payout: 10, goal: 'sale' },
  }));
});
afterAll(() => closeAppWithMail(t, mail));
beforeEach(async () => {
  await t.app.db.delete(fraudRules);
  await t.app.db.delete(riskHolds);
});

const putRules = (rules: unknown[], extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'PUT', url: '/v1/settings/fraud-rules', headers: bearer(staff), payload: { rules, ...extra } });
const conversion = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
const earningRows = (id: number) => t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.conversionId, id));
const held = async () => (await t.app.inject({ method: 'GET', url: '/v1/fraud/held?per_page=100', headers: bearer(staff) })).json();

/** A click on the affiliate's link (a fresh visitor unless `visitorIp` is given). */
async function visit(who: Tokens, offer: Catalogue, visitorIp?: string) {
  const link = await trackingLink(t.app, who, offer.offerId);
  return (await click(t.app, link.url, { ip: visitorIp ?? `10.27.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}
/** A sale through the batched writer (the site's POST). */
async function sale(who: Tokens, offer: Catalogue = cpa, visitorIp?: string) {
  const cid = await visit(who, offer, visitorIp);
  const res = await convert(t.app, offer.apiKey, { cid, type: 'sale', amount: '50.00', transaction_id: `FR-${++seq}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { status: string; conversion_id: number; earning: number | null; reason: string | null };
}
/** A sale through the one-by-one path, arriving `afterMs` after its click. */
async function saleOneByOne(who: Tokens, afterMs: number, offer: Catalogue = cpa) {
  const cid = await visit(who, offer);
  const out = await recordConversion(t.app.db, offer.siteId, { cid, type: 'sale', amount: 50, amount_minor: 5000, currency: 'USD', transaction_id: `FR1-${++seq}` }, new Date(Date.now() + afterMs));
  return out;
}

describe('rules', () => {
  it('a fresh install has none and holds nothing; staff with fraud set them, others may not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/settings/fraud-rules', headers: bearer(staff) });
    expect(res.json().data).toEqual({ rules: [], risk_holds: [] });
    expect((await sale(alice)).status).toBe('accepted');
    expect((await t.app.inject({ method: 'GET', url: '/v1/settings/fraud-rules', headers: bearer(alice) })).statusCode).toBe(403);

    const saved = await putRules([{ rule: 'min_seconds', value: 15, action: 'hold' }, { rule: 'refund_ratio_30', value: '2.5', action: 'flag' }], { risk_holds: [{ ratio: 5, extra_days: 14 }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      rules: [
        { rule: 'min_seconds', value: 15, action: 'hold' },
        { rule: 'refund_ratio_30', value: 2.5, action: 'flag' },
      ],
      risk_holds: [{ ratio: 5, extra_days: 14 }],
    });
  });

  it('refuses a rule given twice, a fraction of seconds, a ratio over 100 and an unknown action', async () => {
    const bad = await putRules([
      { rule: 'min_seconds', value: 1.5, action: 'hold' },
      { rule: 'min_seconds', value: 10, action: 'hold' },
      { rule: 'chargeback_ratio_90', value: 120, action: 'hold' },
      { rule: 'max_seconds', value: 10, action: 'ban' },
    ]);
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors['rules.0.value']).toEqual(['This field must be a whole number of at least 1.']);
    expect(errors['rules.2.value']).toEqual(['This field must be a positive number from 0 to 100']);
    expect(errors['rules.3.action']).toEqual(['This field is invalid']);
    const twice = await putRules([
      { rule: 'min_seconds', value: 5, action: 'hold' },
      { rule: 'min_seconds', value: 10, action: 'hold' },
    ]);
    expect(twice.json().errors).toEqual({ 'rules.1.rule': ['Each rule may be given once.'] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/settings/fraud-rules', headers: bearer(staff) })).json().data.rules).toEqual([]);
  });

  it("an offer's rule replaces the network's of its kind, only on that offer", async () => {
    await putRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }]);
    const own = await t.app.inject({ method: 'PUT', url: `/v1/offers/${other.offerId}/fraud-rules`, headers: bearer(staff), payload: { rules: [{ rule: 'min_seconds', value: 3600, action: 'reject' }] } });
    expect(own.json().data.rules).toEqual([{ rule: 'min_seconds', value: 3600, action: 'reject' }]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/offers/${other.offerId}/fraud-rules`, headers: bearer(staff) })).json().data.rules).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/v1/offers/999999/fraud-rules', headers: bearer(staff) })).json().data.rules).toEqual([]);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/offers/999999/fraud-rules', headers: bearer(staff), payload: { rules: [] } })).statusCode).toBe(404);
    expect((await sale(alice, cpa)).status).toBe('held');
    const rejected = await sale(alice, other);
    expect(rejected).toMatchObject({ status: 'rejected', earning: null, reason: 'Converted less than 3600 seconds after the click.' });
    expect(await earningRows(rejected.conversion_id)).toEqual([]);
    await t.app.inject({ method: 'PUT', url: `/v1/offers/${other.offerId}/fraud-rules`, headers: bearer(staff), payload: { rules: [] } });
  });

  it('min and max seconds from the click, in the one-by-one path too', async () => {
    await putRules([
      { rule: 'min_seconds', value: 60, action: 'reject' },
      { rule: 'max_seconds', value: 7200, action: 'hold' },
    ]);
    expect(await saleOneByOne(alice, 0)).toMatchObject({ status: 'rejected', reason: 'Converted less than 60 seconds after the click.' });
    expect(await saleOneByOne(alice, 3 * 3_600_000)).toMatchObject({ status: 'held', earningCents: null, reason: 'Converted more than 7200 seconds after the click.' });
    expect(await saleOneByOne(alice, 600_000)).toMatchObject({ status: 'accepted', earningCents: 2000 });
  });

  it('a visitor converting again within the hour, across both paths and within one batch', async () => {
    await putRules([{ rule: 'visitor_per_hour', value: 2, action: 'reject' }]);
    const same = '10.99.1.1';
    expect((await sale(alice, cpa, same)).status).toBe('accepted');
    expect((await sale(alice, cpa, same)).status).toBe('accepted');
    expect(await sale(alice, cpa, same)).toMatchObject({ status: 'rejected', reason: 'The visitor already converted 2 times in the last hour.' });
    expect((await sale(alice, cpa)).status).toBe('accepted');
    // Several at once in one batch: the batch's own earlier ones count.
    const cids = await Promise.all([1, 2, 3].map(() => visit(bob, cpa, '10.99.2.2')));
    const outs = await Promise.all(cids.map((cid) => convert(t.app, cpa.apiKey, { cid, type: 'sale', amount: '50.00', transaction_id: `FRB-${++seq}` })));
    expect(outs.map((o) => o.json().data.status).sort()).toEqual(['accepted', 'accepted', 'rejected']);
  });

  it("a new affiliate's first N conversions, then no more", async () => {
    const { tokens } = await newAffiliate();
    await putRules([{ rule: 'first_conversions', value: 2, action: 'flag' }]);
    const first = await sale(tokens);
    expect(first).toMatchObject({ status: 'accepted', earning: 20 });
    expect((await conversion(first.conversion_id)).fraudReason).toBe("One of the affiliate's first 2 conversions.");
    expect((await sale(tokens)).status).toBe('accepted');
    const third = await sale(tokens);
    expect((await conversion(third.conversion_id)).fraudAction).toBeNull();
    // The flag is shown in the affiliate's conversion log, the conversion paid.
    const log = (await t.app.inject({ method: 'GET', url: '/v1/conversion-log?per_page=10', headers: bearer(tokens) })).json().data as Array<{ id: number; flag: string | null; earning: number }>;
    expect(log.find((r) => r.id === first.conversion_id)).toMatchObject({ flag: "One of the affiliate's first 2 conversions.", earning: 20 });
  });

  it('chargeback and refund ratios over 30 days hold the next sale; refunds themselves are never screened', async () => {
    const { tokens, id } = await newAffiliate();
    const sales = [await sale(tokens), await sale(tokens)];
    await putRules([
      { rule: 'chargeback_ratio_30', value: 40, action: 'hold' },
      { rule: 'refund_ratio_90', value: 40, action: 'flag' },
    ]);
    const s = await conversion(sales[0]!.conversion_id);
    const cb = await convert(t.app, cpa.apiKey, { cid: s.cid, type: 'chargeback', transaction_id: `CB-${++seq}`, original_transaction_id: s.transactionId });
    expect(cb.json().data.status).toBe('accepted');
    // 1 chargeback per 2 sales: 50% > 40%.
    const next = await sale(tokens);
    expect(next).toMatchObject({ status: 'held', reason: 'Chargeback ratio over 30 days above 40%.' });
    const ratios = (await t.app.inject({ method: 'GET', url: '/v1/fraud/ratios', headers: bearer(staff) })).json().data as Array<{ affiliate: { id: number }; chargeback_ratio_30: number; sales_30: number }>;
    expect(ratios.find((r) => r.affiliate.id === id)).toMatchObject({ chargeback_ratio_30: 50, sales_30: 2 });
  });

  it('a batch screened at once gets the verdicts each of its conversions would get alone', async () => {
    await putRules([
      { rule: 'visitor_per_hour', value: 1, action: 'flag' },
      { rule: 'first_conversions', value: 3, action: 'hold' },
      { rule: 'chargeback_ratio_30', value: 40, action: 'reject' },
      { rule: 'refund_ratio_90', value: 40, action: 'flag' },
    ]);
    // One conversion a distinct affiliate and visitor (what the batch's own earlier ones add is the test above's): the
    // visitors of the last conversions, and a fresh one; the affiliates who charged back, are new, or have many.
    const recent = await rows<{ affiliate_id: number; offer_id: number; visitor_hash: string }>(
      t.app.db,
      sql`select distinct on (affiliate_id) affiliate_id, offer_id, visitor_hash from conversions
          where affiliate_id is not null and visitor_hash is not null and type = 'sale' order by affiliate_id, id desc`,
    );
    const now = new Date();
    const items: Screened[] = recent.map((r, n) => ({
      affiliateId: Number(r.affiliate_id),
      offerId: Number(r.offer_id),
      clickedAt: new Date(now.getTime() - 600_000),
      visitorHash: n % 2 ? r.visitor_hash : `fresh-${n}`,
      type: 'sale',
      now: new Date(now.getTime() + n),
    }));
    expect(items.length).toBeGreaterThanOrEqual(3);
    const together = await screenConversions(t.app.db, items);
    const alone = await Promise.all(items.map(async (item) => (await screenConversions(t.app.db, [item]))[0]));
    expect(together).toEqual(alone);
    // The rules do fire on some and not on others: what is compared is not all null.
    expect(new Set(together.map((v) => v?.action ?? 'none')).size).toBeGreaterThan(1);
    expect(together.some((v) => v?.reason.includes('The visitor already converted'))).toBe(true);
  });
});

async function newAffiliate() {
  const a = await createAffiliate(t.app);
  const tokens = await signIn(t.app, mail, a.email, a.password);
  return { tokens, id: a.id };
}

describe('held -> approved -> paid, reconciled against the ledger', () => {
  it('pays nothing while held (pending review), survives a rate release, and is paid once on approval', async () => {
    await putRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }]);
    const before = await balanceCents(t.app.db, aliceId);
    const pendingBefore = await pendingReviewCents(t.app.db, aliceId);
    const h = await sale(alice);
    expect(h).toMatchObject({ status: 'held', earning: null, reason: 'Converted less than 3600 seconds after the click.' });
    expect(await earningRows(h.conversion_id)).toEqual([]);
    expect(await balanceCents(t.app.db, aliceId)).toBe(before);
    expect(await pendingReviewCents(t.app.db, aliceId)).toBe(pendingBefore + 2000);
    // A rate arriving releases only conversions held for want of one.
    await releaseHeld(t.app.db);
    expect((await conversion(h.conversion_id)).status).toBe('held');

    const list = await held();
    const row = list.data.find((r: { id: number }) => r.id === h.conversion_id);
    expect(row).toMatchObject({ affiliate: { id: aliceId }, offer: { id: cpa.offerId }, usd_amount: 50, earning: 20, reason: 'Converted less than 3600 seconds after the click.', appeal: null });

    const ok = await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${h.conversion_id}/approve`, headers: bearer(staff) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ status: 'accepted', conversion_id: h.conversion_id, earning: 20, reason: null });
    expect((await earningRows(h.conversion_id)).map((r) => [r.kind, r.amountCents])).toEqual([['earning', 2000]]);
    expect(await balanceCents(t.app.db, aliceId)).toBe(before + 2000);
    expect(await pendingReviewCents(t.app.db, aliceId)).toBe(pendingBefore);
    expect(await conversion(h.conversion_id)).toMatchObject({ status: 'accepted', fraudAction: 'hold', reason: null });

    // Approving again pays nothing more.
    const again = await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${h.conversion_id}/approve`, headers: bearer(staff) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'conflict', message: 'This conversion is not held for review.' });
    expect(await balanceCents(t.app.db, aliceId)).toBe(before + 2000);
    expect((await held()).data.some((r: { id: number }) => r.id === h.conversion_id)).toBe(false);
  });

  it('two approvals at once pay once (row lock)', async () => {
    await putRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }]);
    const before = await balanceCents(t.app.db, bobId);
    const h = await sale(bob);
    const replies = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: `/v1/fraud/held/${h.conversion_id}/approve`, headers: bearer(staff) })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await earningRows(h.conversion_id)).map((r) => r.amountCents)).toEqual([2000]);
    expect(await balanceCents(t.app.db, bobId)).toBe(before + 2000);
  });

  it('holding a new conversion changes nothing already paid', async () => {
    const paid = await sale(alice);
    expect(paid.status).toBe('accepted');
    const before = await balanceCents(t.app.db, aliceId);
    await putRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }]);
    expect((await sale(alice)).status).toBe('held');
    expect(await balanceCents(t.app.db, aliceId)).toBe(before);
    expect((await earningRows(paid.conversion_id)).map((r) => r.amountCents)).toEqual([2000]);
    expect((await conversion(paid.conversion_id)).status).toBe('accepted');
  });
});

describe('held -> rejected, appeals', () => {
  it('rejects with a reason (nothing owed), shows it to the affiliate, who may appeal once', async () => {
    await putRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }]);
    const before = await balanceCents(t.app.db, aliceId);
    const pendingBefore = await pendingReviewCents(t.app.db, aliceId);
    const h = await sale(alice);
    expect(await pendingReviewCents(t.app.db, aliceId)).toBe(pendingBefore + 2000);

    // The affiliate sees the reason in the log, and appeals while it is held.
    const log = async () =>
      ((await t.app.inject({ method: 'GET', url: '/v1/conversion-log?per_page=50', headers: bearer(alice) })).json().data as Array<{ id: number; status: string; reason: string; appeal: unknown }>).find(
        (r) => r.id === h.conversion_id,
      );
    // Held: nothing earned yet, and the row says what it would earn once approved (the offer's $20).
    expect(await log()).toMatchObject({ status: 'held', reason: 'Converted less than 3600 seconds after the click.', appeal: null, earning: 0, would_earn: 20 });
    const appeal = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${h.conversion_id}/appeal`, headers: bearer(alice), payload: { message: 'A real customer from my newsletter.' } });
    expect(appeal.statusCode).toBe(201);
    expect(appeal.json().data).toMatchObject({ conversion_id: h.conversion_id, message: 'A real customer from my newsletter.' });
    const twice = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${h.conversion_id}/appeal`, headers: bearer(alice), payload: { message: 'Again' } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This conversion has been appealed already.');
    const notTheirs = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${h.conversion_id}/appeal`, headers: bearer(bob), payload: { message: 'Mine?' } });
    expect(notTheirs.statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${h.conversion_id}/appeal`, headers: bearer(alice), payload: { message: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect((await held()).data.find((r: { id: number }) => r.id === h.conversion_id).appeal).toMatchObject({ message: 'A real customer from my newsletter.' });
    // Staff hear of it by email (the support address), and the appeal waits for them.
    const told = await mail.waitFor(t.app.config.supportEmail, new RegExp(`^Appeal of conversion #${h.conversion_id} by `));
    expect(told.text).toContain('A real customer from my newsletter.');
    expect((await t.app.inject({ method: 'GET', url: '/v1/fraud/appeals', headers: bearer(staff) })).json().data[0]).toMatchObject({ conversion_id: h.conversion_id, resolved: false, decision: null });

    const missing = await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${h.conversion_id}/reject`, headers: bearer(staff), payload: {} });
    expect(missing.statusCode).toBe(422);
    const no = await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${h.conversion_id}/reject`, headers: bearer(staff), payload: { reason: 'Card used on five accounts' } });
    expect(no.json().data).toEqual({ status: 'rejected', conversion_id: h.conversion_id, earning: null, reason: 'Card used on five accounts' });
    expect(await earningRows(h.conversion_id)).toEqual([]);
    expect(await balanceCents(t.app.db, aliceId)).toBe(before);
    expect(await pendingReviewCents(t.app.db, aliceId)).toBe(pendingBefore);
    expect(await log()).toMatchObject({ status: 'rejected', reason: 'Card used on five accounts', appeal: { message: 'A real customer from my newsletter.' } });
    expect((await log())!).not.toHaveProperty('would_earn');
    const appeals = (await t.app.inject({ method: 'GET', url: '/v1/fraud/appeals', headers: bearer(staff) })).json().data;
    expect(appeals[0]).toMatchObject({ conversion_id: h.conversion_id, affiliate: { id: aliceId }, status: 'rejected', reason: 'Card used on five accounts', resolved: true, decision: 'rejected', answer: 'Card used on five accounts' });
    expect(await log()).toMatchObject({ appeal: { resolved: true, decision: 'rejected', answer: 'Card used on five accounts' } });
    // The affiliate hears the decision and the answer.
    const [aliceRow] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, aliceId));
    const decided = await mail.waitFor(aliceRow!.email, new RegExp(`^Your appeal of conversion #${h.conversion_id}: rejected$`));
    expect(decided.text).toContain('Card used on five accounts');
    // Approving a rejected one is refused; an accepted conversion cannot be appealed.
    expect((await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${h.conversion_id}/approve`, headers: bearer(staff) })).statusCode).toBe(409);
    await putRules([]);
    const fine = await sale(bob, other);
    expect(fine.status).toBe('accepted');
    const refused = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${fine.conversion_id}/appeal`, headers: bearer(bob), payload: { message: 'Why?' } });
    expect(refused.json()).toMatchObject({ error_code: 'validation_failed', message: 'Only a held or rejected conversion can be appealed.' });
  });

  it('a conversion held for want of an exchange rate is not appealable: it is paid when the rate arrives', async () => {
    const cid = await visit(alice, cpa);
    const res = await convert(t.app, cpa.apiKey, { cid, type: 'sale', amount: '500', currency: 'ISK', transaction_id: `FR-${++seq}` });
    const id = res.json().data.conversion_id as number;
    expect(res.json().data.status).toBe('held');
    const row = ((await t.app.inject({ method: 'GET', url: '/v1/conversion-log?per_page=50', headers: bearer(alice) })).json().data as Array<{ id: number; awaiting_rate?: boolean }>).find((r) => r.id === id);
    expect(row).toMatchObject({ awaiting_rate: true });
    const refused = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${id}/appeal`, headers: bearer(alice), payload: { message: 'Please pay' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This conversion waits for an exchange rate and is paid when the rate arrives: there is nothing to appeal.');
  });

  it('bulk approves or rejects, skipping those no longer held', async () => {
    await putRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }]);
    const before = await balanceCents(t.app.db, bobId);
    const [a, b, c] = [await sale(bob), await sale(bob), await sale(bob)];
    const noReason = await t.app.inject({ method: 'POST', url: '/v1/fraud/held/bulk', headers: bearer(staff), payload: { action: 'reject', conversion_ids: [a.conversion_id] } });
    expect(noReason.json().errors).toEqual({ reason: ['This field is required'] });
    const approved = await t.app.inject({ method: 'POST', url: '/v1/fraud/held/bulk', headers: bearer(staff), payload: { action: 'approve', conversion_ids: [a.conversion_id, b.conversion_id] } });
    expect(approved.json().data).toEqual({ approved: 2, rejected: 0, skipped: [], skipped_reasons: [] });
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/v1/fraud/held/bulk',
      headers: bearer(staff),
      payload: { action: 'reject', conversion_ids: [b.conversion_id, c.conversion_id], reason: 'Bot traffic' },
    });
    expect(rejected.json().data).toEqual({ approved: 0, rejected: 1, skipped: [b.conversion_id], skipped_reasons: [{ conversion_id: b.conversion_id, message: 'This conversion is not held for review.' }] });
    expect(await balanceCents(t.app.db, bobId)).toBe(before + 4000);
    expect(await conversion(c.conversion_id)).toMatchObject({ status: 'rejected', reason: 'Bot traffic' });
    const sum = await t.app.db.execute(sql`select coalesce(sum(amount_cents), 0)::int as s from ledger_entries where conversion_id in (${a.conversion_id}, ${b.conversion_id}, ${c.conversion_id})`);
    expect((sum as unknown as { rows: Array<{ s: number }> }).rows[0]!.s).toBe(4000);
  });
});
