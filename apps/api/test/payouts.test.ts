import { addPeriods, NETWORK_TIME_ZONE, payoutMessages, type Payout, type PayoutDetail } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf, periodStart } from '../src/modules/payouts/periods.ts';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { csvAmountCents, LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { pdfText } from './support/pdf.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
const DAY = 86_400_000;

describe('payouts: close, states, documents', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let staff: Tokens;
  let noPayoutsStaff: Tokens;
  let ledger: LedgerFixture;
  // A: payable, B: held (no billing details), C: below the minimum.
  const aff: Record<'a' | 'b' | 'c', { id: number; tokens: Tokens }> = {} as never;
  const last = addPeriods(periodOf(new Date()), -1);
  const inLast = (day: number) => new Date(periodStart(last).getTime() + day * DAY + 3_600_000);
  let payoutA: Payout;
  let payoutB: Payout;
  let reversalOfA = 0;
  let formulaRow = 0;

  const get = (url: string, tokens: Tokens) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) });
  const post = (url: string, tokens: Tokens, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens), payload });
  const payoutRows = () => rows<{ id: number; status: string }>(t.app.db, sql`select id, status from payouts order by id`);

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const s = await createStaff(t.app, ['payouts']);
    staff = await signIn(t.app, mail, s.email, s.password);
    const other = await createStaff(t.app, ['affiliates']);
    noPayoutsStaff = await signIn(t.app, mail, other.email, other.password);
    ledger = new LedgerFixture(t.app, s.id);
    await paymentMethod(t.app, 'paypal', 5000);
    await t.app.db.execute(sql`insert into tax_withholdings (country, recipient_type, rate_bp) values ('US', 'individual', 1000)`);
    for (const k of ['a', 'b', 'c'] as const) {
      const u = await createAffiliate(t.app);
      aff[k] = { id: u.id, tokens: await signIn(t.app, mail, u.email, u.password) };
    }
    await payableProfile(t.app, aff.a.id, { splitFeeBp: 500 });
    await payableProfile(t.app, aff.c.id);

    const e1 = await ledger.earn(aff.a.id, 80_000, inLast(1), 'VR Bangers CPA');
    await ledger.earn(aff.a.id, 50_000, inLast(2), 'VR Bangers CPA');
    await ledger.earn(aff.a.id, 2_501, inLast(3), '@Naughty revshare');
    reversalOfA = await ledger.reverse(e1, aff.a.id, 10_000, inLast(4));
    await ledger.bonus(aff.a.id, 1_000, inLast(5));
    formulaRow = await ledger.adjust(aff.a.id, -1, inLast(6), '=HYPERLINK("http://evil.example")');
    // Younger than the hold: waits for a later close.
    await ledger.earn(aff.a.id, 4_000, new Date(Date.now() - DAY));
    await ledger.earn(aff.b.id, 20_000, inLast(2));
    await ledger.earn(aff.c.id, 2_000, inLast(2));
  });
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('refuses to close a period that has not ended, and changes nothing', async () => {
    const res = await post('/v1/payouts/close-period', staff, { period: periodOf(new Date()) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error_code: 'conflict', message: payoutMessages.periodNotEnded });
    expect(await payoutRows()).toEqual([]);
  });

  it('refuses a close to affiliates and to staff without the payouts permission', async () => {
    expect((await post('/v1/payouts/close-period', aff.a.tokens, { period: last })).statusCode).toBe(403);
    expect((await post('/v1/payouts/close-period', noPayoutsStaff, { period: last })).statusCode).toBe(403);
    const bad = await post('/v1/payouts/close-period', staff, { period: '2024-08' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.period).toEqual([payoutMessages.periodInvalid]);
  });

  it('closes a period: a payout for who reaches the minimum, held for open issues, the rest carried over', async () => {
    const res = await post('/v1/payouts/close-period', staff, { period: last });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ period: last, payouts: 2, held: 1, carried_over: 1 });

    const list = await get('/v1/payouts?sort=id&order=asc', staff);
    expect(list.json().meta.total).toBe(2);
    [payoutA, payoutB] = list.json().data as [Payout, Payout];
    // 800 + 500 + 25.01 - 100 + 10 - 0.01 = 1235.00; 10 % withholding 123.50; 5 % split fee 61.75.
    expect(payoutA).toMatchObject({ period: last, status: 'to_approve', gross: 1235, withholding: 123.5, fee: 61.75, amount: 1049.75, method: 'paypal', paid_at: null });
    expect(payoutB).toMatchObject({ status: 'held', gross: 200, amount: 200, hold_reasons: ['user_details_missing', 'billing_account_incomplete', 'legal_forms_not_submitted'] });
    expect(result.amount).toBe(1249.75);
    expect(list.json().meta.totals).toMatchObject({ count: 2, amount: 1249.75, gross: 1435 });
    const year = new Intl.DateTimeFormat('en-US', { timeZone: NETWORK_TIME_ZONE, year: 'numeric' }).format(new Date());
    expect([payoutA.invoice_number, payoutB.invoice_number]).toEqual([`${year}-000001`, `${year}-000002`]);
  });

  it('closes a period once: a second close is refused and makes nothing', async () => {
    const before = await payoutRows();
    const res = await post('/v1/payouts/close-period', staff, { period: last });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(payoutMessages.periodAlreadyClosed);
    const earlier = await post('/v1/payouts/close-period', staff, { period: addPeriods(last, -1) });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json().message).toBe(payoutMessages.periodBeforeLastClosed);
    expect(await payoutRows()).toEqual(before);
  });

  it('shows an affiliate their own payouts only, and 404 for anyone else’s', async () => {
    const own = await get('/v1/payouts', aff.a.tokens);
    expect(own.json().data.map((p: Payout) => p.id)).toEqual([payoutA.id]);
    for (const path of ['', '/invoice.pdf', '/statement.csv', '/receipt.pdf']) {
      const res = await get(`/v1/payouts/${payoutA.id}${path}`, aff.c.tokens);
      expect(res.statusCode).toBe(404);
      expect(res.json().error_code).toBe('not_found');
    }
    expect((await get('/v1/payouts', noPayoutsStaff)).statusCode).toBe(403);
    expect((await get(`/v1/payouts/${payoutA.id}`, noPayoutsStaff)).statusCode).toBe(403);
  });

  it('lists the statement rows behind a payout, adding up to its amount, each with its ledger id', async () => {
    const detail = (await get(`/v1/payouts/${payoutA.id}`, aff.a.tokens)).json().data as PayoutDetail;
    const sum = detail.statement.reduce((s, r) => s + Math.round(r.amount * 100), 0);
    expect(sum).toBe(104_975);
    expect(detail.statement.map((r) => r.kind)).toEqual(['earning', 'earning', 'earning', 'reversal', 'bonus', 'adjustment', 'withholding', 'fee']);
    expect(detail.statement.map((r) => r.id)).toContain(reversalOfA);
    expect(detail.transitions).toEqual([expect.objectContaining({ from: null, to: 'to_approve', reason: 'Period closed' })]);

    const csv = await get(`/v1/payouts/${payoutA.id}/statement.csv`, aff.a.tokens);
    expect(csv.headers['content-type']).toContain('text/csv');
    const parsed = csvAmountCents(csv.body);
    expect(parsed.cents).toBe(104_975);
    expect(parsed.rows.map((r) => Number(r.id))).toEqual(detail.statement.map((r) => r.id));
    expect(parsed.rows.find((r) => Number(r.id) === formulaRow)!.description).toBe('Adjustment - =HYPERLINK("http://evil.example")');
    // A cell a spreadsheet would run as a formula starts with a quote.
    expect(parsed.rows.filter((r) => r.offer?.includes('Naughty')).map((r) => r.offer)).toEqual(["'@Naughty revshare"]);
    expect(csv.body).not.toMatch(/(^|,)"?[=@+]/m);
  });

  it('prints the invoice with the totals of the ledger', async () => {
    const res = await get(`/v1/payouts/${payoutA.id}/invoice.pdf`, aff.a.tokens);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(payoutA.invoice_number);
    expect(text).toContain('Self-billing invoice');
    expect(text).toMatch(/VR Bangers CPA\s+2 conversions, 1 reversal\s+\$1,200\.00/);
    expect(text).toMatch(/Naughty revshare\s+1 conversion\s+\$25\.01/);
    expect(text).toMatch(/Gross earnings\s+\$1,235\.00/);
    expect(text).toMatch(/Tax withholding\s+-\$123\.50/);
    expect(text).toMatch(/Custom split fee\s+-\$61\.75/);
    expect(text).toMatch(/Total payable\s+USD\s+\$1,049\.75/);
  });

  it('moves a payout to approve -> to pay -> paid, refusing a mark-paid before approval', async () => {
    const early = await post(`/v1/payouts/${payoutA.id}/mark-paid`, staff);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(payoutMessages.notApproved);
    expect((await post(`/v1/payouts/${payoutA.id}/approve`, aff.a.tokens)).statusCode).toBe(403);
    expect((await get(`/v1/payouts/${payoutA.id}/receipt.pdf`, aff.a.tokens)).statusCode).toBe(409);

    const approve = await post(`/v1/payouts/${payoutA.id}/approve`, staff);
    expect(approve.json()).toEqual({ data: { id: payoutA.id, status: 'to_pay' }, message: payoutMessages.approved });
    expect((await post(`/v1/payouts/${payoutA.id}/approve`, staff)).statusCode).toBe(409);
    const paid = await post(`/v1/payouts/${payoutA.id}/mark-paid`, staff, { reference: 'PP-12345' });
    expect(paid.json().data.status).toBe('paid');

    const detail = (await get(`/v1/payouts/${payoutA.id}`, staff)).json().data as PayoutDetail;
    expect(detail.paid_at).not.toBeNull();
    expect(detail.transitions.map((x) => [x.from, x.to, x.by?.name ?? null])).toEqual([
      [null, 'to_approve', 'Test Staff'],
      ['to_approve', 'to_pay', 'Test Staff'],
      ['to_pay', 'paid', 'Test Staff'],
    ]);
    expect(detail.transitions.map((x) => x.reason)).toEqual(['Period closed', null, 'PP-12345']);
    // A paid payout can no longer be rejected, nor paid twice.
    const late = await post(`/v1/payouts/${payoutA.id}/reject`, staff, { reject_reason: 'Too late' });
    expect([late.statusCode, late.json().message]).toEqual([409, payoutMessages.notRejectable]);
    expect((await post(`/v1/payouts/${payoutA.id}/mark-paid`, staff)).json().message).toBe(payoutMessages.notApproved);
    const receipt = pdfText((await get(`/v1/payouts/${payoutA.id}/receipt.pdf`, aff.a.tokens)).rawPayload);
    expect(receipt).toContain('PP-12345');
    expect(receipt).toMatch(/Amount paid\s+USD\s+\$1,049\.75/);
  });

  it('holds a payout until the profile is complete, and rejecting one returns its amount to the balance', async () => {
    expect((await post(`/v1/payouts/${payoutB.id}/approve`, staff)).json().message).toBe(payoutMessages.held);
    const check = (await get('/v1/payouts/when-paid', aff.b.tokens)).json().data;
    expect(check.eligible).toBe(false);
    expect(check.issues).toEqual([
      { code: 'user_details_missing', link: '/profile?tab=info' },
      { code: 'billing_account_incomplete', link: '/profile?tab=billing' },
      { code: 'legal_forms_not_submitted', link: '/profile?tab=billing' },
    ]);
    expect((await get('/v1/balance', aff.b.tokens)).json().data).toMatchObject({ available: 0, held: 200 });

    const noReason = await post(`/v1/payouts/${payoutB.id}/reject`, staff, { reject_reason: '' });
    expect(noReason.statusCode).toBe(422);
    const res = await post(`/v1/payouts/${payoutB.id}/reject`, staff, { reject_reason: 'Duplicate account' });
    expect(res.json().data.status).toBe('rejected');
    expect((await get('/v1/balance', aff.b.tokens)).json().data).toMatchObject({ available: 200, held: 0, lifetime_paid: 0 });
    const detail = (await get(`/v1/payouts/${payoutB.id}`, aff.b.tokens)).json().data as PayoutDetail;
    expect(detail).toMatchObject({ status: 'rejected', reject_reason: 'Duplicate account' });
    const staffDetail = (await get(`/v1/payouts/${payoutB.id}`, staff)).json().data as PayoutDetail;
    expect(staffDetail.transitions.at(-1)).toMatchObject({ from: 'held', to: 'rejected', by: { name: 'Test Staff' }, reason: 'Duplicate account' });
    const again = await post(`/v1/payouts/${payoutB.id}/reject`, staff, { reject_reason: 'Twice' });
    expect([again.statusCode, again.json().message]).toEqual([409, payoutMessages.notRejectable]);
    expect((await get('/v1/balance', aff.b.tokens)).json().data).toMatchObject({ available: 200 });
    expect((await post(`/v1/payouts/${payoutB.id}/mark-paid`, staff)).statusCode).toBe(409);
  });

  it('answers the balance and the checklist from the same figures as the close', async () => {
    const balance = (await get('/v1/balance', aff.a.tokens)).json().data;
    expect(balance).toEqual({ currency: 'USD', available: 0, held: 0, pending_hold: 40, pending_review: 0, in_payouts: 0, lifetime_paid: 1049.75 });
    const check = (await get('/v1/payouts/when-paid', aff.a.tokens)).json().data;
    expect(check).toMatchObject({ eligible: true, method: 'paypal', minimum: 50, balance: 0, reaches_minimum: false, pending_hold: 40, hold_days: 14, issues: [], projected: null });
    expect(new Date(check.next_release_at).getTime()).toBeGreaterThan(Date.now());
    expect((await get('/v1/balance', staff)).statusCode).toBe(403);
  });

  it('filters, sorts and totals the staff list', async () => {
    const toApprove = (await get(`/v1/payouts?section=history&period=${last}`, staff)).json();
    expect(toApprove.data.map((p: Payout) => p.status).sort()).toEqual(['paid', 'rejected']);
    const big = (await get('/v1/payouts?amount_min=1000', staff)).json();
    expect(big.data.map((p: Payout) => p.id)).toEqual([payoutA.id]);
    expect(big.meta.totals.amount).toBe(1049.75);
    const byName = (await get('/v1/payouts?affiliate=nobody-like-this', staff)).json();
    expect(byName.meta.total).toBe(0);
    expect((await get('/v1/payouts?status=lost', staff)).statusCode).toBe(422);
  });

  it('bulk actions answer a result per payout', async () => {
    const res = await post('/v1/payouts/bulk/mark-paid', staff, { ids: [payoutA.id, payoutB.id, 999_999] });
    expect(res.json().data.results).toEqual([
      { id: payoutA.id, ok: false, status: null, error_code: 'conflict', message: payoutMessages.notApproved },
      { id: payoutB.id, ok: false, status: null, error_code: 'conflict', message: payoutMessages.notApproved },
      { id: 999_999, ok: false, status: null, error_code: 'not_found', message: payoutMessages.notFound },
    ]);
  });

  it('releases a held payout once the profile is fixed, changes its bank and exports it for the bank', async () => {
    // C earns enough in the next period; their payout is held until the billing details are complete again.
    await t.app.db.execute(sql`update billing_accounts set is_complete = false where user_id = ${aff.c.id}`);
    const { closePeriod } = await import('../src/modules/payouts/close.ts');
    const next = addPeriods(last, 1);
    await ledger.earn(aff.c.id, 6_000, new Date(periodStart(next).getTime() + DAY));
    // The benchmark is told how long each step took.
    const steps: [string, number][] = [];
    const started = performance.now();
    const closed = await closePeriod(t.app.db, next, { now: new Date(periodStart(addPeriods(next, 1)).getTime() + 20 * DAY), onStep: (name, ms) => steps.push([name, ms]) });
    const took = performance.now() - started;
    expect(steps.map(([name]) => name)).toEqual(['sums', 'terms', 'write']);
    for (const [, ms] of steps) expect(ms >= 0 && ms <= took).toBe(true);
    // Twenty days after the period: its end is the cutoff. C's $72 and B's rejected $200, back in B's balance, both held;
    // A's $40 stays below the minimum.
    expect(closed).toEqual({ period: next, cutoff: periodStart(addPeriods(next, 1)).toISOString(), payouts: 2, held: 2, amount: 272, carried_over: 1 });
    const held = (await get(`/v1/payouts?affiliate_id=${aff.c.id}`, staff)).json().data as Payout[];
    // The carried $20 and the new $60 make one payout, less 10 % withholding.
    expect(held.map((p) => [p.status, p.gross, p.amount, p.hold_reasons])).toEqual([['held', 80, 72, ['billing_account_incomplete']]]);

    await t.app.db.execute(sql`update billing_accounts set is_complete = true where user_id = ${aff.c.id}`);
    const fixed = (await get('/v1/payouts', aff.c.tokens)).json().data as Payout[];
    expect(fixed.map((p) => [p.status, p.hold_reasons])).toEqual([['to_approve', []]]);
    const detail = (await get(`/v1/payouts/${fixed[0]!.id}`, staff)).json().data as PayoutDetail;
    expect(detail.transitions.at(-1)).toMatchObject({ from: 'held', to: 'to_approve', by: null, reason: 'Profile issues fixed' });

    const [bank] = await rows<{ id: number }>(t.app.db, sql`insert into banks (name) values ('First Network Bank') returning id`);
    const noBank = await post(`/v1/payouts/${fixed[0]!.id}/bank`, staff, { bank_id: 999_999 });
    expect([noBank.statusCode, noBank.json().message]).toEqual([422, payoutMessages.unknownBank]);
    const changed = await post(`/v1/payouts/${fixed[0]!.id}/bank`, staff, { bank_id: bank!.id });
    expect(changed.json()).toEqual({ message: 'Bank updated successfully' });
    const withBank = (await get(`/v1/payouts/${fixed[0]!.id}`, staff)).json().data as PayoutDetail;
    expect(withBank.transitions.at(-1)).toMatchObject({ from: 'to_approve', to: 'to_approve', by: { name: 'Test Staff' }, reason: `Bank changed to #${bank!.id}` });
    const paidBank = await post(`/v1/payouts/${payoutA.id}/bank`, staff, { bank_id: bank!.id });
    expect([paidBank.statusCode, paidBank.json().message]).toEqual([409, payoutMessages.bankNotChangeable]);
    const rejectedBank = await post(`/v1/payouts/${payoutB.id}/bank`, staff, { bank_id: bank!.id });
    expect([rejectedBank.statusCode, rejectedBank.json().message]).toEqual([409, payoutMessages.bankNotChangeable]);

    const approved = await post('/v1/payouts/bulk/approve', staff, { ids: [fixed[0]!.id, payoutA.id, fixed[0]!.id] });
    expect(approved.json().data.results).toEqual([
      { id: fixed[0]!.id, ok: true, status: 'to_pay', error_code: null, message: 'OK' },
      { id: payoutA.id, ok: false, status: null, error_code: 'conflict', message: payoutMessages.notToApprove },
    ]);
    const exported = await get('/v1/payouts/export.csv?method=paypal', staff);
    expect(exported.headers['content-disposition']).toContain('payouts-paypal.csv');
    // PayPal's Payouts Web file: no header; recipient, amount, currency, customer id, note, wallet.
    expect(exported.body).toBe(`payee${aff.c.id}@example.com,72.00,USD,${fixed[0]!.invoice_number},"Payout for ${fixed[0]!.period}, invoice ${fixed[0]!.invoice_number}",PAYPAL\r\n`);
    expect((await get('/v1/payouts/export.csv?method=paypal', aff.c.tokens)).statusCode).toBe(403);
  });
});
