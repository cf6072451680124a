import { addPeriods, payoutMessages, type PayoutDetail } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { balanceOf } from '../src/modules/payouts/balance.ts';
import { PAYOUTS_LOCK_KEY } from '../src/db/lock-keys.ts';
import { closePeriod, lockPayouts } from '../src/modules/payouts/close.ts';
import { HOLD_DAYS_SETTING } from '../src/modules/payouts/eligibility.ts';
import { periodEnd, periodStart } from '../src/modules/payouts/periods.ts';
import { payoutDetail } from '../src/modules/payouts/queries.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { rejectPayout } from '../src/modules/payouts/transitions.ts';
import { putSetting } from '../src/modules/settings/service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { createAffiliate, createStaff } from './support/users.ts';

const DAY = 86_400_000;

/**
 * The period close, each test on its own: its own affiliates, its own period in a year of its own
 * (invoice numbers count per year), closed at a chosen moment; its affiliates leave the program
 * when it ends, so no later close sees them. Any one test passes alone.
 */
describe('the period close, test by test', () => {
  let t: TestApp;
  let staffId: number;
  let ledger: LedgerFixture;

  beforeAll(async () => {
    t = await createTestApp();
    staffId = (await createStaff(t.app, ['payouts'])).id;
    ledger = new LedgerFixture(t.app, staffId);
    // $50 minimum, $1.50 fee per payout.
    await paymentMethod(t.app, 'paypal', 5_000, 150);
    await t.app.db.execute(sql`insert into tax_withholdings (country, recipient_type, rate_bp) values ('US', 'individual', 1000), ('DE', 'individual', 0)`);
  });
  afterAll(async () => t?.close());

  /** Affiliates for this test only, out of the program (no later close pays them) once it ends. */
  const affiliates = async (n: number): Promise<number[]> => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push((await createAffiliate(t.app)).id);
    onTestFinished(async () => {
      await t.app.db.execute(sql`update users set is_client = false where id = any(${`{${ids.join(',')}}`}::int[])`);
    });
    return ids;
  };
  const at = (period: string, day: number) => new Date(periodStart(period).getTime() + day * DAY + 3_600_000);
  /** One affiliate of this test, payable by wire from Germany (no withholding), who earned `cents` on the period's first day. */
  const earnerIn = async (period: string, cents: number): Promise<number> => {
    const [id] = (await affiliates(1)) as [number];
    await payableProfile(t.app, id, { country: 'DE' });
    await ledger.earn(id, cents, at(period, 1));
    return id;
  };
  const payoutsOf = async (affiliateId: number): Promise<PayoutDetail[]> => {
    const list = await rows<{ id: number }>(t.app.db, sql`select id from payouts where affiliate_id = ${affiliateId} order by id`);
    return Promise.all(list.map((p) => payoutDetail(t.app.db, { kind: 'network' }, p.id)));
  };
  const ledgerRowsOf = (payoutId: number) =>
    rows<{ kind: string; cents: number; reason: string; day: string }>(
      t.app.db,
      sql`select kind, amount_cents::int as cents, reason, to_char(day, 'YYYY-MM-DD') as day from ledger_entries where payout_id = ${payoutId} order by reason`,
    );
  const closedPeriods = async (period: string) =>
    (await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from payout_periods where period = ${period}`))[0]!.n;

  it('pays who reaches their minimum after withholding and fees, holds who has open issues, and carries the rest', async () => {
    const period = '2030-05';
    const [a, b, c, d] = (await affiliates(4)) as [number, number, number, number];
    await payableProfile(t.app, a, { splitFeeBp: 500 });
    await payableProfile(t.app, c);
    await payableProfile(t.app, d, { country: 'DE' });
    await ledger.earn(a, 100_000, at(period, 1));
    await ledger.earn(a, 2_345, at(period, 10));
    // After the period's end: left for the next close.
    await ledger.earn(a, 3_000, new Date(periodEnd(period).getTime() + DAY));
    // B has no user details, no billing account, no tax form.
    await ledger.earn(b, 20_000, at(period, 2));
    // C: $50 less 10 % and the $1.50 fee is $43.50, below the $50 minimum.
    await ledger.earn(c, 5_000, at(period, 3));
    // D (no withholding): $51.50 less the fee is the $50 minimum exactly.
    await ledger.earn(d, 5_150, at(period, 4));

    const now = new Date(periodEnd(period).getTime() + 20 * DAY);
    const result = await closePeriod(t.app.db, period, { now, byUserId: staffId });
    // $1,023.45: 10 % withholding $102.35 (half a cent up), 5 % split fee $51.17 (a quarter cent down), $1.50 fee.
    const paidA = 102_345 - 10_235 - 5_117 - 150;
    expect(result).toEqual({ period, cutoff: periodEnd(period).toISOString(), payouts: 3, held: 1, amount: (paidA + 20_000 + 5_000) / 100, carried_over: 1 });

    const [[pa], [pb], pc, [pd]] = (await Promise.all([a, b, c, d].map(payoutsOf))) as [[PayoutDetail], [PayoutDetail], PayoutDetail[], [PayoutDetail]];
    expect(pc).toEqual([]);
    expect(pa).toMatchObject({ period, status: 'to_approve', gross: 1023.45, withholding: 102.35, fee: 52.67, amount: paidA / 100, method: 'paypal', hold_reasons: [] });
    expect(pb).toMatchObject({ period, status: 'held', gross: 200, withholding: 0, fee: 0, amount: 200, method: 'none', hold_reasons: ['user_details_missing', 'billing_account_incomplete', 'legal_forms_not_submitted'] });
    expect(pd).toMatchObject({ period, status: 'to_approve', gross: 51.5, withholding: 0, fee: 1.5, amount: 50, method: 'paypal', hold_reasons: [] });
    for (const p of [pa, pb, pd]) {
      expect(p.created_at).toBe(now.toISOString());
      expect(p.transitions).toEqual([{ from: null, to: p.status, by: { id: staffId, name: 'Test Staff' }, at: now.toISOString(), reason: 'Period closed' }]);
      expect(p.statement.reduce((s, r) => s + Math.round(r.amount * 100), 0)).toBe(Math.round(p.amount * 100));
    }
    expect([pa, pb, pd].map((p) => p.invoice_number).sort()).toEqual(['2030-000001', '2030-000002', '2030-000003']);

    // Each deduction and the payout itself leave the balance as a ledger row of its own, dated the day of the close; none for zero.
    const day = '2030-06-21';
    expect(await ledgerRowsOf(pa.id)).toEqual([
      { kind: 'fee', cents: -5_117, reason: 'Custom split fee', day },
      { kind: 'fee', cents: -150, reason: 'Payment method fee', day },
      { kind: 'payout', cents: -paidA, reason: 'Payout', day },
      { kind: 'withholding', cents: -10_235, reason: 'Tax withholding', day },
    ]);
    expect(await ledgerRowsOf(pb.id)).toEqual([{ kind: 'payout', cents: -20_000, reason: 'Payout', day }]);
    expect(await ledgerRowsOf(pd.id)).toEqual([
      { kind: 'fee', cents: -150, reason: 'Payment method fee', day },
      { kind: 'payout', cents: -5_000, reason: 'Payout', day },
    ]);

    expect(await balanceOf(t.app.db, a, now)).toMatchObject({ available: 30, held: 0, in_payouts: paidA / 100 });
    expect(await balanceOf(t.app.db, b, now)).toMatchObject({ available: 0, held: 200, in_payouts: 0 });
    expect(await balanceOf(t.app.db, c, now)).toMatchObject({ available: 50, held: 0, in_payouts: 0 });
  });

  it('closes a period once: closing it again or an earlier one is refused and pays nothing more', async () => {
    const period = '2031-05';
    const e = await earnerIn(period, 10_000);
    const now = new Date(periodEnd(period).getTime() + 20 * DAY);
    expect(await closePeriod(t.app.db, period, { now })).toMatchObject({ payouts: 1, held: 0, amount: 98.5, carried_over: 0 });

    // Earned after the close.
    await ledger.earn(e, 8_000, new Date(now.getTime() + 1000));
    const later = new Date(now.getTime() + DAY);
    await expect(closePeriod(t.app.db, period, { now: later })).rejects.toMatchObject({ code: 'conflict', message: payoutMessages.periodAlreadyClosed });
    await expect(closePeriod(t.app.db, addPeriods(period, -1), { now: later })).rejects.toMatchObject({ code: 'conflict', message: payoutMessages.periodBeforeLastClosed });
    expect((await payoutsOf(e)).map((p) => [p.amount, p.invoice_number])).toEqual([[98.5, '2031-000001']]);
    expect(await closedPeriods(addPeriods(period, -1))).toBe(0);
    // The late $80 waits for the next close (and first for the hold).
    expect(await balanceOf(t.app.db, e, later)).toMatchObject({ available: 0, pending_hold: 80, in_payouts: 98.5 });
  });

  it('refuses a period until the moment it ends, by the database clock unless told the moment', async () => {
    const period = '2032-05';
    const f = await earnerIn(period, 10_000);
    const end = periodEnd(period);

    // The database's clock is years before the end of this period.
    await expect(closePeriod(t.app.db, period)).rejects.toMatchObject({ code: 'conflict', message: payoutMessages.periodNotEnded });
    await expect(closePeriod(t.app.db, period, { now: new Date(end.getTime() - 1) })).rejects.toMatchObject({ code: 'conflict', message: payoutMessages.periodNotEnded });
    expect(await closedPeriods(period)).toBe(0);
    expect(await payoutsOf(f)).toEqual([]);

    // At its end it closes; what was earned in its last 14 days (the hold) waits.
    const result = await closePeriod(t.app.db, period, { now: end });
    expect(result).toMatchObject({ cutoff: new Date(end.getTime() - 14 * DAY).toISOString(), payouts: 1, amount: 98.5 });
    expect((await payoutsOf(f)).map((p) => p.created_at)).toEqual([end.toISOString()]);
  });

  it('pays only what is older than the hold days set, soon after the period ends', async () => {
    const period = '2033-05';
    await putSetting(t.app.db, HOLD_DAYS_SETTING, 5);
    onTestFinished(() => t.app.db.execute(sql`delete from settings where key = ${HOLD_DAYS_SETTING}`).then(() => undefined));
    const [g] = (await affiliates(1)) as [number];
    await payableProfile(t.app, g, { country: 'DE' });
    const end = periodEnd(period);
    await ledger.earn(g, 6_000, new Date(end.getTime() - 4 * DAY));
    await ledger.earn(g, 7_000, new Date(end.getTime() - 2 * DAY));

    // Two days after the end, with a 5-day hold: rows older than 3 days before the end are paid.
    const now = new Date(end.getTime() + 2 * DAY);
    const result = await closePeriod(t.app.db, period, { now });
    expect(result).toEqual({ period, cutoff: new Date(now.getTime() - 5 * DAY).toISOString(), payouts: 1, held: 0, amount: 58.5, carried_over: 0 });
    expect((await payoutsOf(g)).map((p) => [p.gross, p.amount])).toEqual([[60, 58.5]]);
    expect(await balanceOf(t.app.db, g, now)).toMatchObject({ available: 0, pending_hold: 70 });
  });

  it('holds the payout of a US person without an accepted tax form, and takes the backup withholding from it', async () => {
    const period = '2034-05';
    const [h, i] = (await affiliates(2)) as [number, number];
    await payableProfile(t.app, h);
    await payableProfile(t.app, i, { country: 'DE' });
    await t.app.db.execute(sql`update affiliate_profiles set legal_form_status = 'not_uploaded' where user_id = any(${`{${h},${i}}`}::int[])`);
    await ledger.earn(h, 10_000, at(period, 1));
    await ledger.earn(i, 10_000, at(period, 1));

    const result = await closePeriod(t.app.db, period, { now: new Date(periodEnd(period).getTime() + 20 * DAY) });
    expect(result).toMatchObject({ payouts: 2, held: 2, carried_over: 0 });
    // 24 % rather than the 10 % of the table for the US person; nothing for the German one.
    expect((await payoutsOf(h)).map((p) => [p.status, p.withholding, p.amount, p.hold_reasons])).toEqual([['held', 24, 74.5, ['legal_forms_not_submitted']]]);
    expect((await payoutsOf(i)).map((p) => [p.status, p.withholding, p.amount, p.hold_reasons])).toEqual([['held', 0, 98.5, ['legal_forms_not_submitted']]]);
  });

  it('numbers each year’s invoices in order, without a gap, across closes; a close on New Year’s Eve in Los Angeles counts in the old year', async () => {
    const first = '2035-10';
    const ids = await affiliates(3);
    for (const id of ids) await payableProfile(t.app, id, { country: 'DE' });
    const periods = [first, addPeriods(first, 1), addPeriods(first, 2)];
    for (const p of periods) for (const id of ids) await ledger.earn(id, 10_000, at(p, 1));
    const numbers = async (period: string) =>
      (await rows<{ year: number; seq: number }>(t.app.db, sql`select invoice_year as year, invoice_seq as seq from payouts where period = ${period} order by invoice_seq`)).map(
        (r) => `${r.year}-${r.seq}`,
      );

    await closePeriod(t.app.db, periods[0]!, { now: new Date(periodEnd(periods[0]!).getTime() + 20 * DAY) });
    expect(await numbers(periods[0]!)).toEqual(['2035-1', '2035-2', '2035-3']);
    // 9 pm on 31 December in Los Angeles is already 1 January in UTC.
    const newYearsEve = new Date('2036-01-01T05:00:00Z');
    await closePeriod(t.app.db, periods[1]!, { now: newYearsEve });
    expect(await numbers(periods[1]!)).toEqual(['2035-4', '2035-5', '2035-6']);
    const [payout] = await rows<{ id: number }>(t.app.db, sql`select id from payouts where period = ${periods[1]!} limit 1`);
    expect((await ledgerRowsOf(payout!.id)).map((r) => r.day)).toEqual(['2035-12-31', '2035-12-31']);
    await closePeriod(t.app.db, periods[2]!, { now: new Date(periodEnd(periods[2]!).getTime() + 20 * DAY) });
    expect(await numbers(periods[2]!)).toEqual(['2036-1', '2036-2', '2036-3']);
  });

  it('writes a period with no payout when nobody reaches the minimum, and numbers the next payout from 1', async () => {
    const period = '2037-05';
    const j = await earnerIn(period, 3_000);
    const now = new Date(periodEnd(period).getTime() + 20 * DAY);
    expect(await closePeriod(t.app.db, period, { now })).toEqual({ period, cutoff: periodEnd(period).toISOString(), payouts: 0, held: 0, amount: 0, carried_over: 1 });
    expect(await closedPeriods(period)).toBe(1);

    const next = addPeriods(period, 1);
    await ledger.earn(j, 3_000, at(next, 1));
    expect(await closePeriod(t.app.db, next, { now: new Date(periodEnd(next).getTime() + 20 * DAY) })).toMatchObject({ payouts: 1, amount: 58.5, carried_over: 0 });
    expect((await payoutsOf(j)).map((p) => [p.gross, p.invoice_number])).toEqual([[60, '2037-000001']]);
  });

  it('tells the benchmark how long each step took, the steps adding up to no more than the whole close', async () => {
    const period = '2038-05';
    await earnerIn(period, 10_000);
    const steps: [string, number][] = [];
    const started = performance.now();
    await closePeriod(t.app.db, period, { now: new Date(periodEnd(period).getTime() + 20 * DAY), onStep: (name, ms) => steps.push([name, ms]) });
    const took = performance.now() - started;
    expect(steps.map(([name]) => name)).toEqual(['sums', 'terms', 'write']);
    for (const [, ms] of steps) expect(ms).toBeGreaterThanOrEqual(0);
    expect(steps.reduce((s, [, ms]) => s + ms, 0)).toBeLessThanOrEqual(took);
  });

  it('returns a rejected payout’s rows, each naming the row it returns, dated the Los Angeles day of the rejection', async () => {
    const period = '2039-03';
    const j = await earnerIn(period, 20_000);
    await closePeriod(t.app.db, period, { now: new Date(periodEnd(period).getTime() + 20 * DAY) });
    const [payout] = await payoutsOf(j);
    const written = await rows<{ id: number; cents: number }>(t.app.db, sql`select id, amount_cents::int as cents from ledger_entries where payout_id = ${payout!.id} order by id`);
    expect(written.map((w) => w.cents).sort()).toEqual([-150, -19_850]);
    // 10 pm on 30 April in Los Angeles is already 1 May in UTC.
    await rejectPayout(t.app.db, payout!.id, staffId, 'Duplicate account', { now: new Date('2039-05-01T05:00:00Z') });
    const returned = await rows<{ cents: number; reverses_id: number; created_by: number; reason: string; day: string }>(
      t.app.db,
      sql`select amount_cents::int as cents, reverses_id, created_by, reason, to_char(day, 'YYYY-MM-DD') as day
          from ledger_entries where payout_id = ${payout!.id} and reverses_id is not null order by reverses_id`,
    );
    expect(returned).toEqual(written.map((w) => ({ cents: -w.cents, reverses_id: w.id, created_by: staffId, reason: 'Duplicate account', day: '2039-04-30' })));
  });

  it('takes the payouts lock: exclusive for the close, shared for the other payout actions', async () => {
    // Closes wait for each other and for every other payout action; those others run side by side (docs/money.md).
    for (const [mode, held] of [['exclusive', 'ExclusiveLock'], ['shared', 'ShareLock']] as const) {
      const locks = await t.app.db.transaction(async (tx) => {
        const clock = await lockPayouts(tx, mode);
        expect(Math.abs(clock.getTime() - Date.now())).toBeLessThan(60_000);
        return rows<{ mode: string; granted: boolean }>(
          tx,
          sql`select mode, granted from pg_locks where locktype = 'advisory' and objid = ${PAYOUTS_LOCK_KEY} and pid = pg_backend_pid()`,
        );
      });
      expect(locks).toEqual([{ mode: held, granted: true }]);
    }
  });
});
