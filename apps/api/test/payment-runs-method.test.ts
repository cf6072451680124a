import type { PaymentRun } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { affiliateToPay, closeAndApprove, paymentRunStaff } from './support/payment-runs.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';
import { addPeriods } from '@portal/contracts';
import { periodOf, periodStart } from '../src/modules/payouts/periods.ts';

type Tokens = { access_token: string };
const DAY = 86_400_000;

/**
 * A payout's method is the affiliate's method when it is paid (docs/payment-runs.md, Made): a payout
 * closed before its affiliate chose a method is listed, announced and paid by the one they choose
 * later, and the run applies that method's fee and minimum.
 */
describe('the method a payout is paid by', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let creator: Tokens;
  let approver: Tokens;
  let late: { id: number; email: string; password: string };
  let byHand: { id: number; email: string; password: string };
  let small: { id: number; email: string; password: string };
  let mid: { id: number; email: string; password: string };
  let payoutOf: Map<number, number>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const ledgerOf = async (id: number) => (await rows<{ s: string; n: number }>(t.app.db, sql`select coalesce(sum(amount_cents), 0)::text as s, count(*)::int as n from ledger_entries where affiliate_id = ${id}`))[0]!;
  const payout = async (id: number) => (await call('GET', `/v1/payouts/${id}`, creator)).json().data as { status: string; method: string; method_name: string; amount: number; gross: number; fee: number };

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const staff = await paymentRunStaff(t.app, mail);
    ({ creator, approver } = staff);
    const ledger = new LedgerFixture(t.app, staff.creatorId);
    const last = addPeriods(periodOf(new Date()), -1);
    // Two affiliates with no payment method at the close: their payouts are held, "Not chosen".
    for (const name of ['late', 'byHand'] as const) {
      const u = await createAffiliate(t.app);
      await payableProfile(t.app, u.id, { method: 'paxum' });
      await t.app.db.execute(sql`delete from billing_accounts where user_id = ${u.id}`);
      await ledger.earn(u.id, name === 'late' ? 80_000 : 60_000, new Date(periodStart(last).getTime() + 2 * DAY));
      if (name === 'late') late = u;
      else byHand = u;
    }
    // One paid by Paxum at the close, just above the minimum.
    small = await affiliateToPay(t.app, ledger, 'paxum', 1_100);
    await t.app.db.execute(sql`update billing_accounts set details = ${JSON.stringify({ email: 'small-payee@example.com' })}::jsonb where user_id = ${small.id}`);
    mid = await affiliateToPay(t.app, ledger, 'paxum', 5_000);
    await t.app.db.execute(sql`update billing_accounts set details = ${JSON.stringify({ email: 'mid-payee@example.com' })}::jsonb where user_id = ${mid.id}`);
    payoutOf = await closeAndApprove(t.app, creator);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('a payout closed without a method is "Not chosen" until the affiliate chooses one; then the list, the filter and the approval email name theirs', async () => {
    const [held] = await rows<{ id: number; method: string; status: string }>(t.app.db, sql`select id, method, status from payouts where affiliate_id = ${late.id}`);
    expect(held).toMatchObject({ method: 'none', status: 'held' });
    expect(await payout(held!.id)).toMatchObject({ method: 'none', method_name: 'Not chosen' });

    const tokens = await signIn(t.app, mail, late.email, late.password);
    const saved = await call('PUT', '/v1/user/billing', tokens, { recipient_type: 'individual', method: 'paxum', details: { email: 'late-payee@example.com' } });
    expect(saved.statusCode).toBe(200);
    // Saved a month ago, past the cooling-off.
    await t.app.db.execute(sql`update billing_accounts set updated_at = ${new Date(Date.now() - 30 * DAY)} where user_id = ${late.id}`);
    const listed = (await call('GET', `/v1/payouts?affiliate_id=${late.id}`, creator)).json().data as Array<{ id: number; status: string; method: string; method_name: string }>;
    expect(listed).toEqual([expect.objectContaining({ id: held!.id, status: 'to_approve', method: 'paxum', method_name: 'PAXUM' })]);

    const before = mail.messages.length;
    expect((await call('POST', `/v1/payouts/${held!.id}/approve`, creator)).statusCode).toBe(200);
    const email = await mail.waitFor(late.email, /is approved/, before);
    expect(email.text).toContain('will be paid by Paxum.');
    expect(email.text).not.toContain('paid by none');

    const byPaxum = (await call('GET', '/v1/payouts?status=to_pay&method=paxum', creator)).json().data as Array<{ id: number }>;
    expect(byPaxum.map((p) => p.id)).toContain(held!.id);
    payoutOf.set(late.id, held!.id);
  });

  it('a run pays it by that method and applies the method’s fee then: the amount sent is less the fee, the balance does not move, a return gives back the whole gross once', async () => {
    await paymentMethod(t.app, 'paxum', 1000, 250);
    const id = payoutOf.get(late.id)!;
    const before = await ledgerOf(late.id);
    const made = await call('POST', '/v1/payment-runs', creator, { method: 'paxum', payout_ids: [id] });
    expect(made.statusCode).toBe(201);
    const run = made.json().data as PaymentRun;
    expect(run.checks).toEqual([]);
    expect(run.items).toEqual([expect.objectContaining({ payout_id: id, amount: 797.5, gross: 800, amount_sent: 797.5, currency: 'USD' })]);
    expect(await payout(id)).toMatchObject({ method: 'paxum', amount: 797.5, gross: 800, fee: 2.5 });
    // Two new rows, the fee and the payout less it: the balance is where it was.
    const after = await ledgerOf(late.id);
    expect(after).toEqual({ s: before.s, n: before.n + 2 });
    const restated = await rows<{ kind: string; amount_cents: string }>(t.app.db, sql`select kind, amount_cents::text from ledger_entries where payout_id = ${id} order by id`);
    expect(restated.map((r) => [r.kind, Number(r.amount_cents)])).toEqual([
      ['payout', -80_000],
      ['fee', -250],
      ['payout', 250],
    ]);
    // The file pays the amount less the fee.
    expect((await call('POST', `/v1/payment-runs/${run.id}/approve`, approver)).statusCode).toBe(200);
    const file = await call('GET', `/v1/payment-runs/${run.id}/file`, creator);
    expect(file.body).toContain('late-payee@example.com,797.50,USD');
    expect((await call('POST', `/v1/payment-runs/${run.id}/mark-sent`, creator)).statusCode).toBe(200);

    const answer = `reference,status,reason\r\n${run.items[0]!.reference},returned,RC01\r\n`;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/payment-runs/status-files', headers: { ...bearer(creator), 'content-type': 'text/csv' }, payload: answer });
      expect(res.statusCode).toBe(200);
    }
    // What the payout took (800.00: 797.50 sent and 2.50 fee) is back on the balance, once.
    expect(Number((await ledgerOf(late.id)).s)).toBe(Number(before.s) + 80_000);
    expect((await payout(id)).status).toBe('returned');
  });

  it('the method’s minimum after its fee is listed in the run’s checks, not passed', async () => {
    const id = payoutOf.get(small.id)!;
    const made = await call('POST', '/v1/payment-runs', creator, { method: 'paxum', payout_ids: [id] });
    expect(made.statusCode).toBe(201);
    const run = made.json().data as PaymentRun;
    // Not applied: the payout is as it was closed, and cannot be paid.
    expect(run.items).toEqual([expect.objectContaining({ payout_id: id, amount: 11, gross: 11 })]);
    expect(run.checks).toEqual([{ payout_id: id, problem: 'After the paxum fee of $2.50, $8.50 is below the paxum minimum of $10.00: reject the payout so the balance waits for a later close.' }]);
    expect(await payout(id)).toMatchObject({ amount: 11, fee: 0 });
    expect((await call('POST', `/v1/payment-runs/${run.id}/approve`, approver)).statusCode).toBe(409);
    expect((await call('POST', `/v1/payment-runs/${run.id}/cancel`, creator)).statusCode).toBe(200);
  });

  it('a run cancelled keeps the fee applied; rejecting the payout then gives back its whole gross', async () => {
    const id = payoutOf.get(mid.id)!;
    const before = await ledgerOf(mid.id);
    const run = (await call('POST', '/v1/payment-runs', creator, { method: 'paxum', payout_ids: [id] })).json().data as PaymentRun;
    expect(run.items).toEqual([expect.objectContaining({ payout_id: id, amount: 47.5, gross: 50 })]);
    expect((await call('POST', `/v1/payment-runs/${run.id}/cancel`, creator)).statusCode).toBe(200);
    // A second run finds the fee applied already: nothing is restated twice.
    const again = (await call('POST', '/v1/payment-runs', creator, { method: 'paxum', payout_ids: [id] })).json().data as PaymentRun;
    expect(again.items).toEqual([expect.objectContaining({ payout_id: id, amount: 47.5, gross: 50 })]);
    expect((await ledgerOf(mid.id)).n).toBe(before.n + 2);
    expect((await call('POST', `/v1/payment-runs/${again.id}/cancel`, creator)).statusCode).toBe(200);
    const rejected = await call('POST', `/v1/payouts/${id}/reject`, creator, { reject_reason: 'Paid by another way' });
    expect(rejected.statusCode).toBe(200);
    expect(Number((await ledgerOf(mid.id)).s)).toBe(Number(before.s) + 5_000);
  });

  it('marked paid by hand, it is paid by the method the affiliate has chosen by then', async () => {
    const tokens = await signIn(t.app, mail, byHand.email, byHand.password);
    expect((await call('PUT', '/v1/user/billing', tokens, { recipient_type: 'individual', method: 'paypal', details: { email: 'by-hand@example.com' } })).statusCode).toBe(200);
    await call('GET', `/v1/payouts?affiliate_id=${byHand.id}`, creator);
    const [p] = await rows<{ id: number }>(t.app.db, sql`select id from payouts where affiliate_id = ${byHand.id}`);
    expect((await call('POST', `/v1/payouts/${p!.id}/approve`, creator)).statusCode).toBe(200);
    const paid = await call('POST', `/v1/payouts/${p!.id}/mark-paid`, creator, { reference: 'PP-1' });
    expect(paid.statusCode).toBe(200);
    const [row] = await rows<{ method: string; status: string }>(t.app.db, sql`select method, status from payouts where id = ${p!.id}`);
    expect(row).toEqual({ method: 'paypal', status: 'paid' });
  });
});
