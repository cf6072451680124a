import { addPeriods } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_JOB } from '../src/modules/payouts/job.ts';
import { periodEnd, periodOf, periodStart } from '../src/modules/payouts/periods.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { createAffiliate, createStaff } from './support/users.ts';

describe('the scheduled period close', () => {
  let t: TestApp;
  const current = periodOf(new Date());

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '50' });
  });
  afterAll(async () => t?.close());

  const pending = () => rows<{ payload: { period: string }; run_at: Date | string }>(t.app.db, sql`select payload, run_at from jobs where kind = ${CLOSE_JOB} and done_at is null`);

  it('waits for the end of the current month, one job at a time', async () => {
    const jobs = await pending();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toEqual({ period: current });
    expect(new Date(jobs[0]!.run_at).getTime()).toBe(periodEnd(current).getTime() + 3_600_000);
  });

  it('closes the period when due, then schedules the next month', async () => {
    const staff = await createStaff(t.app, ['payouts']);
    const a = await createAffiliate(t.app);
    await paymentMethod(t.app, 'paypal', 5000);
    await payableProfile(t.app, a.id);
    const last = addPeriods(current, -1);
    await new LedgerFixture(t.app, staff.id).earn(a.id, 12_345, new Date(periodStart(last).getTime() + 86_400_000));
    // As if the month had just ended: the job for last month is due now.
    await t.app.db.execute(sql`update jobs set payload = ${JSON.stringify({ period: last })}::jsonb, run_at = now() where kind = ${CLOSE_JOB} and done_at is null`);
    await expect.poll(async () => (await rows<{ period: string }>(t.app.db, sql`select period from payout_periods`)).map((r) => r.period), { timeout: 10_000 }).toEqual([last]);
    const [payout] = await rows<{ amount_cents: unknown; status: string }>(t.app.db, sql`select amount_cents, status from payouts`);
    expect({ amount: Number(payout!.amount_cents), status: payout!.status }).toEqual({ amount: 12_345, status: 'to_approve' });
    await expect.poll(async () => (await pending()).map((j) => j.payload.period), { timeout: 10_000 }).toEqual([current]);
  });
});
