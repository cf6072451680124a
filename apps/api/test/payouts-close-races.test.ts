import { addPeriods, FIRST_PERIOD, payoutMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { endedPeriods, periodStart } from '../src/modules/payouts/periods.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

const DAY = 86_400_000;

describe('closing periods at once, and a close that fails half-way', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  /** A second instance on the same database (PostgreSQL only: PGlite is one process's memory). */
  let second: FastifyInstance | undefined;
  let staff: { access_token: string };
  const affiliates: number[] = [];
  const periods = endedPeriods(new Date());
  let earnedCents = 0;

  const counts = async () => {
    const [r] = await rows<{ payouts: number; periods: number; ledger: number; counter: number | null }>(
      t.app.db,
      sql`select (select count(*)::int from payouts) as payouts, (select count(*)::int from payout_periods) as periods,
            (select count(*)::int from ledger_entries where payout_id is not null) as ledger, (select max(last) from invoice_counters) as counter`,
    );
    return r!;
  };

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    if (process.env.TEST_DB === 'postgres') {
      second = await buildApp({ ...t.config, jobs: { ...t.config.jobs, worker: false } });
      await second.ready();
    }
    const s = await createStaff(t.app, ['payouts']);
    staff = await signIn(t.app, mail, s.email, s.password);
    const ledger = new LedgerFixture(t.app, s.id);
    await paymentMethod(t.app, 'paypal', 1000);
    for (let i = 0; i < 16; i++) {
      const a = await createAffiliate(t.app);
      await payableProfile(t.app, a.id);
      affiliates.push(a.id);
    }
    // Every affiliate earns in every month since September 2024; one of them too little to be paid each month.
    for (const p of periods) {
      for (const [i, id] of affiliates.entries()) {
        const cents = i === 3 ? 300 + periods.indexOf(p) : 2_000 + i * 111;
        await ledger.earn(id, cents, new Date(periodStart(p).getTime() + 2 * DAY));
        earnedCents += cents;
      }
    }
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await mail.stop();
  });

  it('leaves nothing behind when a close fails half-way', async () => {
    // The database refuses the payout row of the third affiliate: the close stops after writing others.
    await t.app.db.execute(sql.raw(`alter table ledger_entries add constraint payout_crash_test check (not (kind = 'payout' and affiliate_id = ${affiliates[2]})) not valid`));
    const res = await t.app.inject({ method: 'POST', url: '/v1/payouts/close-period', headers: bearer(staff), payload: { period: FIRST_PERIOD } });
    expect(res.statusCode).toBe(500);
    expect(await counts()).toEqual({ payouts: 0, periods: 0, ledger: 0, counter: null });
    await t.app.db.execute(sql`alter table ledger_entries drop constraint payout_crash_test`);
  });

  it('numbers invoices without a gap and pays nothing twice after 50 closes at once, on two instances', async () => {
    // Every ended period, then repeats, in a shuffled order: later periods refuse earlier ones, repeats refuse.
    const asks = [...periods, ...Array.from({ length: 50 - periods.length }, (_, i) => periods[i % periods.length]!)].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      asks.map((period, i) =>
        (i % 2 && second ? second : t.app).inject({ method: 'POST', url: '/v1/payouts/close-period', headers: bearer(staff), payload: { period } }),
      ),
    );
    const refusals = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().message}`);
    const allowed = [payoutMessages.periodAlreadyClosed, payoutMessages.periodBeforeLastClosed].map((m) => `409 ${m}`);
    expect(refusals.filter((r) => !allowed.includes(r))).toEqual([]);
    const closed = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.period as string);
    expect(new Set(closed).size).toBe(closed.length);

    const list = await rows<{ invoice_year: number; invoice_seq: number; affiliate_id: number; period: string; gross_cents: unknown }>(
      t.app.db,
      sql`select invoice_year, invoice_seq, affiliate_id, period, gross_cents from payouts order by invoice_year, invoice_seq`,
    );
    expect(list.length).toBeGreaterThan(0);
    const byYear = Map.groupBy(list, (p) => p.invoice_year);
    for (const [, ps] of byYear) expect(ps.map((p) => p.invoice_seq)).toEqual(ps.map((_, i) => i + 1));
    const [counter] = await rows<{ last: number }>(t.app.db, sql`select last from invoice_counters`);
    expect(counter!.last).toBe(list.length);

    // Close the rest in order: everything earned is paid once, or still waiting below the minimum.
    const lastClosed = closed.sort().at(-1)!;
    for (let p = addPeriods(lastClosed, 1); periods.includes(p); p = addPeriods(p, 1)) {
      expect((await t.app.inject({ method: 'POST', url: '/v1/payouts/close-period', headers: bearer(staff), payload: { period: p } })).statusCode).toBe(200);
    }
    const [sums] = await rows<{ paid: unknown; left: unknown }>(
      t.app.db,
      sql`select (select coalesce(sum(gross_cents), 0)::bigint from payouts) as paid, (select coalesce(sum(amount_cents), 0)::bigint from ledger_entries) as left`,
    );
    expect(Number(sums!.paid) + Number(sums!.left)).toBe(earnedCents);
    const pairs = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from payouts group by affiliate_id, period having count(*) > 1`);
    expect(pairs).toEqual([]);
  });
});
