import type { WhenPaid } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

const DAY = 86_400_000;
const cents = (dollars: number) => Math.round(dollars * 100);

/** "When am I paid?" with a rolling hold: each day's earnings are released on their own date, and the next payout adds up. */
describe('when am I paid: the rolling hold', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let tokens: { access_token: string };

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const s = await createStaff(t.app, ['payouts']);
    const ledger = new LedgerFixture(t.app, s.id);
    await paymentMethod(t.app, 'paypal', 1000);
    const a = await createAffiliate(t.app);
    await payableProfile(t.app, a.id);
    // Released already, then two days inside the 14-day hold (two earnings on the second).
    await ledger.earn(a.id, 30_000, new Date(Date.now() - 20 * DAY));
    await ledger.earn(a.id, 10_000, new Date(Date.now() - 13 * DAY));
    // The second day's two earnings a minute apart, both inside one Los Angeles day even when the test runs at its midnight.
    let second = Date.now() - 2 * DAY;
    if (statsDay(new Date(second - 60_000)) !== statsDay(new Date(second))) second -= 120_000;
    await ledger.earn(a.id, 3_000, new Date(second - 60_000));
    await ledger.earn(a.id, 2_097, new Date(second));
    tokens = await signIn(t.app, mail, a.email, a.password);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('lists each release date with its amount, adding up to what is held and agreeing with the next payout', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/payouts/when-paid', headers: bearer(tokens) });
    expect(res.statusCode).toBe(200);
    const check = res.json().data as WhenPaid;
    expect(check.balance).toBe(300);
    expect(check.pending_hold).toBe(150.97);
    expect(check.releases.map((r) => r.amount)).toEqual([100, 50.97]);
    // Each is released 14 days after its day's first earning: 1 day and 12 days from now.
    const inDays = check.releases.map((r) => Math.round((Date.parse(r.date) - Date.now()) / DAY));
    expect(inDays).toEqual([1, 12]);
    expect(check.next_release_at).toBe(check.releases[0]!.date);
    // No contradiction: the next payout is the released balance plus exactly the releases it takes.
    const taken = check.releases.filter((r) => r.next_payout).reduce((s, r) => s + cents(r.amount), 0);
    expect(cents(check.projected!.amount)).toBe(cents(check.balance) + taken);
    const released = check.releases.filter((r) => r.next_payout).map((r) => Date.parse(r.date));
    expect(released.every((at) => at < Date.parse(check.projected!.date))).toBe(true);
  });
});
