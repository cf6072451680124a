import { addPeriods } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCutoff, periodOf } from '../src/modules/payouts/periods.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

/**
 * Holds that follow risk (issue 27, docs/fraud.md): an affiliate whose 90-day chargeback ratio
 * reaches a row of the risk-hold table waits that many more days, in the one eligibility rule that
 * the period close, the balance and "When am I paid?" all ask. What the longer hold keeps waits for
 * a later close; nothing is lost and nothing is paid twice.
 */
type Tokens = { access_token: string };
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('holds that follow risk', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let staff: Tokens;
  let ledger: LedgerFixture;
  const who: Record<'risky' | 'steady', { id: number; tokens: Tokens }> = {} as never;
  const now = new Date();
  // The month before this one ended after `now - 44 days`, so a 44-day hold ends its window earlier than a 14-day one.
  const period = addPeriods(periodOf(now), -1);
  const networkCutoff = closeCutoff(period, now, 14);
  const riskyCutoff = closeCutoff(period, now, 44);

  const get = (url: string, tokens: Tokens) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) });

  /** Sales and chargebacks as sites and billers record them: what the ratios count. */
  async function conversionsOf(affiliateId: number, sales: number, chargebacks: number) {
    const offerId = await ledger.offer('Ratio offer');
    const [o] = await rows<{ site_id: number }>(t.app.db, sql`select site_id from offers where id = ${offerId}`);
    const types = [...Array(sales).fill('sale'), ...Array(chargebacks).fill('chargeback')] as string[];
    for (const [i, type] of types.entries()) {
      await t.app.db.execute(
        sql`insert into conversions (site_id, transaction_id, type, amount_cents, affiliate_id, offer_id, status, day, created_at)
            values (${o!.site_id}, ${`risk-${affiliateId}-${i}`}, ${type}, 5000, ${affiliateId}, ${offerId}, 'accepted', ${now.toISOString().slice(0, 10)}, ${now})`,
      );
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const s = await createStaff(t.app, ['payouts', 'fraud']);
    staff = await signIn(t.app, mail, s.email, s.password);
    ledger = new LedgerFixture(t.app, s.id);
    await paymentMethod(t.app, 'paypal', 5000);
    for (const k of ['risky', 'steady'] as const) {
      const u = await createAffiliate(t.app);
      who[k] = { id: u.id, tokens: await signIn(t.app, mail, u.email, u.password) };
      await payableProfile(t.app, u.id);
      // One earning old enough for both holds, one that only the network's hold has released.
      await ledger.earn(u.id, 10_000, new Date(riskyCutoff.getTime() - DAY));
      await ledger.earn(u.id, 7_000, new Date(riskyCutoff.getTime() + HOUR));
    }
    // One chargeback per two sales: 50 %.
    await conversionsOf(who.risky.id, 2, 1);
    await conversionsOf(who.steady.id, 2, 0);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/settings/fraud-rules',
      headers: bearer(staff),
      payload: { rules: [], risk_holds: [{ ratio: 10, extra_days: 30 }, { ratio: 60, extra_days: 60 }] },
    });
    if (put.statusCode !== 200) throw new Error(`risk holds not saved: ${put.body}`);
  });
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('"When am I paid?" and the balance count the longer hold for the affiliate whose ratio reaches the table', async () => {
    expect(riskyCutoff.getTime()).toBeLessThan(networkCutoff.getTime() - HOUR);
    const risky = (await get('/v1/payouts/when-paid', who.risky.tokens)).json().data;
    expect(risky).toMatchObject({ hold_days: 44, risk_hold_days: 30, balance: 100, pending_hold: 70 });
    // Released 44 days after it was made, not 14.
    expect(risky.releases).toMatchObject([{ date: new Date(riskyCutoff.getTime() + HOUR + 44 * DAY).toISOString(), amount: 70 }]);
    const steady = (await get('/v1/payouts/when-paid', who.steady.tokens)).json().data;
    expect(steady).toMatchObject({ hold_days: 14, risk_hold_days: 0, balance: 170, pending_hold: 0, releases: [] });

    expect((await get('/v1/balance', who.risky.tokens)).json().data).toMatchObject({ available: 100, pending_hold: 70 });
    expect((await get('/v1/balance', who.steady.tokens)).json().data).toMatchObject({ available: 170, pending_hold: 0 });

    // Staff see the same extra days on the Fraud screen's ratios.
    const ratios = (await get('/v1/fraud/ratios', staff)).json().data as Array<{ affiliate: { id: number }; chargeback_ratio_90: number; extra_hold_days: number }>;
    expect(ratios.find((r) => r.affiliate.id === who.risky.id)).toMatchObject({ chargeback_ratio_90: 50, extra_hold_days: 30 });
    expect(ratios.find((r) => r.affiliate.id === who.steady.id)).toMatchObject({ chargeback_ratio_90: 0, extra_hold_days: 0 });
  });

  it('the close pays the risky affiliate only what their own hold released, and the rest waits, never paid twice', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/payouts/close-period', headers: bearer(staff), payload: { period } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ period, payouts: 2, cutoff: networkCutoff.toISOString() });

    const made = await rows<{ affiliate_id: number; gross_cents: string | number; cutoff: Date | string }>(
      t.app.db,
      sql`select affiliate_id, gross_cents, cutoff from payouts where period = ${period} order by affiliate_id`,
    );
    const byWho = new Map(made.map((p) => [p.affiliate_id, p]));
    expect(Number(byWho.get(who.risky.id)!.gross_cents)).toBe(10_000);
    // Their window ends 44 days before the close (which ran a moment after `now`), not at the network's cutoff.
    const own = new Date(byWho.get(who.risky.id)!.cutoff).getTime();
    expect(own - riskyCutoff.getTime()).toBeGreaterThanOrEqual(0);
    expect(own - riskyCutoff.getTime()).toBeLessThan(HOUR);
    expect(Number(byWho.get(who.steady.id)!.gross_cents)).toBe(17_000);
    expect(new Date(byWho.get(who.steady.id)!.cutoff).toISOString()).toBe(networkCutoff.toISOString());

    // The risky affiliate's younger earning is still theirs, in the hold: the next window starts at their own cutoff.
    const after = (await get('/v1/payouts/when-paid', who.risky.tokens)).json().data;
    expect(after).toMatchObject({ balance: 0, pending_hold: 70 });
    expect((await get('/v1/payouts/when-paid', who.steady.tokens)).json().data).toMatchObject({ balance: 0, pending_hold: 0 });
  });
});
