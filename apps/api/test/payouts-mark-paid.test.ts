import { addPeriods, payoutMessages, type Payout, type PayoutDetail } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laDate, periodOf, periodStart } from '../src/modules/payouts/periods.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { approvePayout } from '../src/modules/payouts/transitions.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { pdfText } from './support/pdf.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
const DAY = 86_400_000;

/** Mark paid with its reference and date paid, unmark paid within 7 days, and both raced: nothing doubled. */
describe('payouts: mark paid with a reference and a date, unmark paid', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let staff: Tokens;
  let staffId: number;
  let noPayoutsStaff: Tokens;
  const affiliates: { id: number; tokens: Tokens }[] = [];
  let payouts: Payout[] = [];
  const last = addPeriods(periodOf(new Date()), -1);

  const get = (url: string, tokens: Tokens) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) });
  const post = (url: string, tokens: Tokens, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens), payload });
  const detail = async (id: number) => (await get(`/v1/payouts/${id}`, staff)).json().data as PayoutDetail;
  /** The payout's money: its ledger rows (count and sum) and the affiliate's balance figures. */
  const money = async (p: Payout) => {
    const [ledger] = await rows<{ n: number; cents: string }>(t.app.db, sql`select count(*)::int as n, coalesce(sum(amount_cents), 0)::text as cents from ledger_entries where payout_id = ${p.id}`);
    const owner = affiliates.find((a) => a.id === p.affiliate.id)!;
    const balance = (await get('/v1/balance', owner.tokens)).json().data as { lifetime_paid: number; in_payouts: number; available: number };
    return { ledger, balance };
  };
  const today = () => laDate(new Date());
  const daysAgo = (n: number) => laDate(new Date(Date.now() - n * DAY));

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const s = await createStaff(t.app, ['payouts']);
    staffId = s.id;
    staff = await signIn(t.app, mail, s.email, s.password);
    const other = await createStaff(t.app, ['affiliates']);
    noPayoutsStaff = await signIn(t.app, mail, other.email, other.password);
    const ledger = new LedgerFixture(t.app, s.id);
    await paymentMethod(t.app, 'paypal', 1000);
    for (let i = 0; i < 6; i++) {
      const u = await createAffiliate(t.app);
      await payableProfile(t.app, u.id);
      await ledger.earn(u.id, 10_000 + i * 1_01, new Date(periodStart(last).getTime() + 2 * DAY));
      affiliates.push({ id: u.id, tokens: await signIn(t.app, mail, u.email, u.password) });
    }
    const closed = await post('/v1/payouts/close-period', staff, { period: last });
    if (closed.statusCode !== 200) throw new Error(`close: ${closed.body}`);
    payouts = (await get('/v1/payouts?sort=id&order=asc', staff)).json().data;
    if (payouts.length !== 6) throw new Error(`expected 6 payouts, got ${payouts.length}`);
    // The first one was approved ten days ago, so it can be paid on an earlier day than today.
    await approvePayout(t.app.db, payouts[0]!.id, staffId, { now: new Date(Date.now() - 10 * DAY) });
    for (const p of payouts.slice(1)) {
      const approved = await post(`/v1/payouts/${p.id}/approve`, staff);
      if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('refuses a date paid in the future, not a day, or before the approval, and changes nothing', async () => {
    const p = payouts[1]!;
    const future = await post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: 'TX-1', paid_on: laDate(new Date(Date.now() + 2 * DAY)) });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({ error_code: 'validation_failed', message: payoutMessages.paidOnFuture, errors: { paid_on: [payoutMessages.paidOnFuture] } });
    const notADay = await post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: 'TX-1', paid_on: '2026-02-30' });
    expect(notADay.statusCode).toBe(422);
    expect(notADay.json().errors.paid_on).toEqual([payoutMessages.paidOnInvalid]);
    const early = await post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: 'TX-1', paid_on: daysAgo(3) });
    expect(early.json().errors.paid_on).toEqual([payoutMessages.paidOnBeforeApproval]);
    expect(await detail(p.id)).toMatchObject({ status: 'to_pay', paid_at: null, reference: null });
  });

  it('marks paid with the reference and an earlier date paid; the receipt prints both', async () => {
    const p = payouts[0]!;
    const paidOn = daysAgo(4);
    const res = await post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: 'WIRE-778812', paid_on: paidOn });
    expect(res.statusCode).toBe(200);
    const d = await detail(p.id);
    expect(d).toMatchObject({ status: 'paid', reference: 'WIRE-778812' });
    expect(laDate(new Date(d.paid_at!))).toBe(paidOn);
    // The window to unmark counts from the marking (today), not from the date paid.
    expect(Date.parse(d.unmark_paid_until!)).toBeGreaterThan(Date.now() + 6 * DAY);
    const receipt = pdfText((await get(`/v1/payouts/${p.id}/receipt.pdf`, staff)).rawPayload);
    const [y, m, day] = paidOn.split('-').map(Number) as [number, number, number];
    const shown = new Date(Date.UTC(y, m - 1, day)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(receipt).toContain(`Paid on: ${shown}`);
    expect(receipt).toContain('Reference: WIRE-778812');
  });

  it('unmarks paid: only staff with payouts, with a reason; back to "to pay" with a history row, the money as before', async () => {
    const p = payouts[0]!;
    const before = await money(p);
    expect(before.balance.lifetime_paid).toBe(p.amount);
    const owner = affiliates.find((a) => a.id === p.affiliate.id)!;
    expect((await post(`/v1/payouts/${p.id}/unmark-paid`, owner.tokens, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await post(`/v1/payouts/${p.id}/unmark-paid`, noPayoutsStaff, { reason: 'Mine' })).statusCode).toBe(403);
    const noReason = await post(`/v1/payouts/${p.id}/unmark-paid`, staff, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['This field is required']);
    expect((await post(`/v1/payouts/${payouts[2]!.id}/unmark-paid`, staff, { reason: 'Not paid' })).json()).toEqual({ error_code: 'conflict', message: payoutMessages.notPaid });
    expect((await post('/v1/payouts/999999/unmark-paid', staff, { reason: 'x' })).statusCode).toBe(404);

    const res = await post(`/v1/payouts/${p.id}/unmark-paid`, staff, { reason: 'The bank returned the transfer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: p.id, status: 'to_pay' }, message: payoutMessages.unmarkedPaid });
    const d = await detail(p.id);
    expect(d).toMatchObject({ status: 'to_pay', paid_at: null, reference: null, unmark_paid_until: null });
    expect(d.transitions.at(-1)).toMatchObject({ from: 'paid', to: 'to_pay', reason: 'The bank returned the transfer', by: { id: staffId } });
    expect(d.transitions.map((x) => x.to)).toEqual(['to_approve', 'to_pay', 'paid', 'to_pay']);
    expect((await get(`/v1/payouts/${p.id}/receipt.pdf`, staff)).statusCode).toBe(409);
    const after = await money(p);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.balance).toMatchObject({ lifetime_paid: 0, in_payouts: p.amount, available: before.balance.available });
    const events = await rows<{ type: string }>(t.app.db, sql`select type from events where type = 'payout.unmarked_paid'`);
    expect(events).toHaveLength(1);
    // The affiliate was told "we paid you" for the month by its name, then gets the correction with the reason.
    const [year, month] = p.period.split('-').map(Number) as [number, number];
    const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const paid = await mail.waitFor(p.affiliate.email, /is paid$/);
    expect(paid.text).toContain(`for ${monthName} by`);
    const correction = await mail.waitFor(p.affiliate.email, new RegExp(`^Correction: your payout for ${monthName} is not paid yet$`));
    expect(correction.text).toContain('It was marked paid by mistake and has not been paid yet: The bank returned the transfer');
  });

  it('refuses to unmark a payout marked paid more than 7 days ago', async () => {
    const p = payouts[2]!;
    expect((await post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: 'OLD-1' })).statusCode).toBe(200);
    await t.app.db.execute(sql`update payout_transitions set at = at - interval '8 days' where payout_id = ${p.id} and to_status = 'paid'`);
    const res = await post(`/v1/payouts/${p.id}/unmark-paid`, staff, { reason: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(payoutMessages.unmarkTooLate);
    expect(await detail(p.id)).toMatchObject({ status: 'paid', reference: 'OLD-1', unmark_paid_until: expect.any(String) });
  });

  it('bulk mark-paid takes one reference and date for all, and refuses a future date for each', async () => {
    const ids = [payouts[3]!.id, payouts[4]!.id];
    const future = await post('/v1/payouts/bulk/mark-paid', staff, { ids, reference: 'BATCH-9', paid_on: laDate(new Date(Date.now() + 3 * DAY)) });
    expect(future.json().data.results.map((r: { ok: boolean; message: string }) => [r.ok, r.message])).toEqual([
      [false, payoutMessages.paidOnFuture],
      [false, payoutMessages.paidOnFuture],
    ]);
    const res = await post('/v1/payouts/bulk/mark-paid', staff, { ids, reference: 'BATCH-9', paid_on: today() });
    expect(res.json().data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    for (const id of ids) expect(await detail(id)).toMatchObject({ status: 'paid', reference: 'BATCH-9' });
  });

  it('raced mark-paid and unmark-paid on one payout: every move follows the last, nothing paid twice, the money unchanged', async () => {
    const p = payouts[5]!;
    const before = await money(p);
    for (let round = 0; round < 2; round++) {
      const calls = Array.from({ length: 30 }, (_, i) =>
        i % 2 ? post(`/v1/payouts/${p.id}/unmark-paid`, staff, { reason: `Race ${round}-${i}` }) : post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: `RACE-${round}-${i}` }),
      );
      const replies = await Promise.all(calls);
      for (const r of replies) expect([200, 409]).toContain(r.statusCode);
    }
    const d = await detail(p.id);
    const moves = d.transitions.slice(2);
    // Each move starts where the one before it ended: no two mark-paids (or unmarks) of the same state.
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.from).toBe(moves[i - 1]!.to);
    const paidMoves = moves.filter((m) => m.to === 'paid').length;
    const unmarks = moves.filter((m) => m.from === 'paid').length;
    expect(paidMoves - unmarks).toBe(d.status === 'paid' ? 1 : 0);
    const after = await money(p);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.balance.lifetime_paid).toBe(d.status === 'paid' ? p.amount : 0);
    expect(after.balance.in_payouts).toBe(d.status === 'paid' ? 0 : p.amount);
    const [check] = await rows<{ ok: boolean }>(t.app.db, sql`select (status = 'paid') = (paid_at is not null) as ok from payouts where id = ${p.id}`);
    expect(check!.ok).toBe(true);
  });

  it('many mark-paids of one payout at once: one succeeds, one transition', async () => {
    const p = payouts[1]!;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => post(`/v1/payouts/${p.id}/mark-paid`, staff, { reference: `ONCE-${i}` })));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await detail(p.id)).transitions.filter((x) => x.to === 'paid')).toHaveLength(1);
  });
});
