import type { PaymentRun, StatusImport } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture } from './support/money.ts';
import { affiliateToPay, closeAndApprove, paymentRunStaff } from './support/payment-runs.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };

/** Many requests at once (on PostgreSQL in CI): runs take each payout once, returns give money back once. */
describe('payment runs under concurrent requests', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let creator: Tokens;
  let approver: Tokens;
  const affiliates: number[] = [];

  const call = (method: 'GET' | 'POST', url: string, tokens: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const ledgerOf = async (id: number) => (await rows<{ s: string; n: number }>(t.app.db, sql`select coalesce(sum(amount_cents), 0)::text as s, count(*)::int as n from ledger_entries where affiliate_id = ${id}`))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const staff = await paymentRunStaff(t.app, mail);
    ({ creator, approver } = staff);
    const ledger = new LedgerFixture(t.app, staff.creatorId);
    for (let i = 0; i < 6; i++) affiliates.push((await affiliateToPay(t.app, ledger, 'paxum', 10_000 + i * 111)).id);
    // Each payee its own Paxum account, so the run passes its checks.
    for (const id of affiliates) await t.app.db.execute(sql`update billing_accounts set details = ${JSON.stringify({ email: `payee-${id}@example.com` })}::jsonb where user_id = ${id}`);
    await closeAndApprove(t.app, creator);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  let run: PaymentRun;
  it('ten runs asked for at once: one is made, every payout in it once', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/v1/payment-runs', creator, { method: 'paxum' })));
    const made = replies.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 201)) expect([409, 422]).toContain(r.statusCode);
    run = made[0]!.json().data;
    expect(run.items).toHaveLength(6);
    expect(run.checks).toEqual([]);
    const open = await rows<{ payout_id: number; n: number }>(t.app.db, sql`select payout_id, count(*)::int as n from payment_run_items where open group by payout_id`);
    expect(open.map((o) => o.n)).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await call('POST', `/v1/payment-runs/${run.id}/approve`, approver)).statusCode).toBe(200);
    expect((await call('POST', `/v1/payment-runs/${run.id}/mark-sent`, creator)).statusCode).toBe(200);
  });

  it('twenty imports at once of answers returning the same payments: each is returned, and its money given back, exactly once', async () => {
    const returned = run.items.slice(0, 3);
    const before = new Map(await Promise.all(returned.map(async (i) => [i.affiliate_id, await ledgerOf(i.affiliate_id)] as const)));
    const lines = returned.map((i) => `${i.reference},returned,RC01`).join('\r\n');
    // Ten copies of one file and ten files that differ (each names one more unknown reference).
    const bodies = [...Array.from({ length: 10 }, () => `reference,status,reason\r\n${lines}\r\n`), ...Array.from({ length: 10 }, (_, k) => `reference,status,reason\r\n${lines}\r\nPR999-${k + 1},accepted,\r\n`)];
    const replies = await Promise.all(bodies.map((body) => t.app.inject({ method: 'POST', url: '/v1/payment-runs/status-files', headers: { ...bearer(creator), 'content-type': 'text/csv' }, payload: body })));
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const results = replies.map((r) => r.json().data as StatusImport);
    for (const item of returned) {
      const changes = results.flatMap((r) => r.matched.filter((m) => m.reference === item.reference && m.changed));
      expect(changes).toHaveLength(1);
      const after = await ledgerOf(item.affiliate_id);
      // The payout took one row (no withholding or fee here); one row gives it back.
      expect(Number(after.s)).toBe(Number(before.get(item.affiliate_id)!.s) + Math.round(item.gross * 100));
      expect(after.n).toBe(before.get(item.affiliate_id)!.n + 1);
    }
    const statuses = await rows<{ status: string; n: number }>(t.app.db, sql`select status, count(*)::int as n from payouts where id = any(${`{${run.items.map((i) => i.payout_id).join(',')}}`}::int[]) group by status order by status`);
    expect(statuses).toEqual([
      { status: 'paid', n: 3 },
      { status: 'returned', n: 3 },
    ]);
    const transitions = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from payout_transitions where to_status = 'returned'`);
    expect(transitions[0]!.n).toBe(3);
  });
});
