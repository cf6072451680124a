import { type PaymentRun, paymentRunMessages, payoutMessages, type PayoutTimeline } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture } from './support/money.ts';
import { affiliateToPay, closeAndApprove, paymentRails, payees, savePayingAccounts } from './support/payment-runs.ts';
import { bearer, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };

/** Payment runs: created from the payouts to pay, frozen, checked, approved by a second person, sent, answered by the bank. */
describe('payment runs', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let creator: Tokens;
  let approver: Tokens;
  let settingsStaff: Tokens;
  let owner: Tokens;
  let affiliateTokens: Map<number, Tokens>;
  let payoutOf: Map<number, number>;
  const people: Record<string, { id: number; email: string; password: string }> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const run = async (id: number) => (await call('GET', `/v1/payment-runs/${id}`, creator)).json().data as PaymentRun;
  const payout = async (id: number) => (await call('GET', `/v1/payouts/${id}`, creator)).json().data as { status: string; reference: string | null; method: string };
  const ledgerSum = async (affiliateId: number) => Number((await rows<{ s: string }>(t.app.db, sql`select coalesce(sum(amount_cents), 0)::text as s from ledger_entries where affiliate_id = ${affiliateId}`))[0]!.s);
  const importFile = (body: string, contentType = 'text/csv') => t.app.inject({ method: 'POST', url: '/v1/payment-runs/status-files', headers: { ...bearer(creator), 'content-type': contentType }, payload: body });

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const c = await createStaff(t.app, ['payouts']);
    const a = await createStaff(t.app, ['payouts']);
    const s = await createStaff(t.app, ['settings']);
    creator = await signIn(t.app, mail, c.email, c.password);
    approver = await signIn(t.app, mail, a.email, a.password);
    settingsStaff = await signIn(t.app, mail, s.email, s.password);
    owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
    await paymentRails(t.app);
    await savePayingAccounts(t.app, settingsStaff);
    const ledger = new LedgerFixture(t.app, c.id);
    people.sepa = await affiliateToPay(t.app, ledger, 'sepa', 54_250);
    people.sepaFr = await affiliateToPay(t.app, ledger, 'sepaFr', 20_000);
    people.usdWire = await affiliateToPay(t.app, ledger, 'usdWire', 31_000);
    people.sepaNew = await affiliateToPay(t.app, ledger, 'sepaNew', 15_000, { recent: true });
    people.ach = await affiliateToPay(t.app, ledger, 'ach', 12_345);
    people.achTwin = await affiliateToPay(t.app, ledger, 'ach', 11_000);
    people.paxum = await affiliateToPay(t.app, ledger, 'paxum', 9_000_00);
    people.paypal = await affiliateToPay(t.app, ledger, 'paypal', 4_000);
    people.usdt = await affiliateToPay(t.app, ledger, 'usdt', 7_777);
    payoutOf = await closeAndApprove(t.app, creator);
    affiliateTokens = new Map();
    for (const p of Object.values(people)) affiliateTokens.set(p.id, await signIn(t.app, mail, p.email, p.password));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('paying accounts: each rail checked as billing details are; two-person approval is the owner’s to switch', async () => {
    const bad = await call('PUT', '/v1/settings/paying-accounts', settingsStaff, {
      accounts: [
        { name: 'Bad euro', rail: 'wire', currency: 'EUR', account_holder: 'X', iban: 'DE89370400440532013001', swift: 'COBADEFF' },
        { name: 'Bad ACH', rail: 'ach', ach_company_name: 'X', ach_company_id: '123', ach_odfi_routing: '122105279', ach_immediate_destination: '122105278', ach_immediate_origin: '1234567890' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ 'accounts.0.iban': ['This IBAN is not valid: check its country, length and check digits.'], 'accounts.1.ach_company_id': ['An ACH company id has 10 characters.'], 'accounts.1.ach_odfi_routing': ['This routing number is not valid.'] });
    const list = (await call('GET', '/v1/settings/paying-accounts', settingsStaff)).json().data;
    expect(list.accounts.filter((a: { is_active: boolean }) => a.is_active)).toHaveLength(6);
    expect(list).toMatchObject({ two_person_approval: true, cooling_off_days: 7 });
    expect((await call('PUT', '/v1/settings/paying-accounts', settingsStaff, { two_person_approval: false })).statusCode).toBe(403);
    expect((await call('GET', '/v1/settings/paying-accounts', creator)).statusCode).toBe(403);
    expect((await call('PUT', '/v1/settings/paying-accounts', owner, { two_person_approval: false })).json().data.two_person_approval).toBe(false);
    expect((await call('PUT', '/v1/settings/paying-accounts', owner, { two_person_approval: true })).json().data.two_person_approval).toBe(true);
    const events = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from events where type = 'settings.paying_accounts'`);
    expect(events[0]!.n).toBeGreaterThanOrEqual(3);
    // The owner's switch is in the event history: who, and the setting before and after.
    const switched = await rows<{ actor_id: number; before: boolean; after: boolean }>(
      t.app.db,
      sql`select actor_id, (before->>'two_person_approval')::boolean as before, (after->>'two_person_approval')::boolean as after
          from events where type = 'settings.paying_accounts' and before->>'two_person_approval' is distinct from after->>'two_person_approval' order by id`,
    );
    const [ownerRow] = await rows<{ id: number }>(t.app.db, sql`select id from users where email = 'owner@example.com'`);
    expect(switched).toEqual([
      { actor_id: ownerRow!.id, before: true, after: false },
      { actor_id: ownerRow!.id, before: false, after: true },
    ]);
  });

  let wireRun: PaymentRun;
  it('a wire run freezes each payee, pays SEPA payees in EUR at the day’s rate and the others in USD, and lists what to fix', async () => {
    const res = await call('POST', '/v1/payment-runs', creator, { method: 'wire' });
    expect(res.statusCode).toBe(201);
    wireRun = res.json().data;
    expect(wireRun).toMatchObject({ method: 'wire', status: 'draft', currency: 'EUR', rate: 1.085, approved_by: null });
    const byAffiliate = new Map(wireRun.items.map((i) => [i.affiliate_id, i]));
    expect([...byAffiliate.keys()].sort()).toEqual([people.sepa!.id, people.sepaFr!.id, people.usdWire!.id, people.sepaNew!.id].sort());
    // 542.50 USD at 1.085 USD per euro: 500.00 EUR.
    expect(byAffiliate.get(people.sepa!.id)).toMatchObject({ amount: 542.5, gross: 542.5, amount_sent: 500, currency: 'EUR', status: 'in_run', reference: expect.stringMatching(new RegExp(`^PR${wireRun.id}-\\d$`)), payee: 'Jürgen Weiß' });
    expect(new Set(wireRun.items.map((i) => i.reference)).size).toBe(4);
    expect(byAffiliate.get(people.usdWire!.id)).toMatchObject({ amount: 310, amount_sent: 310, currency: 'USD' });
    expect(wireRun.totals).toEqual({ count: 4, amount: 542.5 + 200 + 310 + 150, amount_sent: Math.round((500 + 184.33 + 138.25) * 100) / 100 });
    // The payee whose details are new waits out the cooling-off.
    expect(wireRun.checks).toEqual([{ payout_id: payoutOf.get(people.sepaNew!.id), problem: expect.stringContaining('cooling-off') }]);
    // Frozen: a change of the payee's details after the run leaves the run as it was.
    await t.app.db.execute(sql`update billing_accounts set details = jsonb_set(details, '{account_holder}', '"Someone Else"') where user_id = ${people.sepa!.id}`);
    expect((await run(wireRun.id)).items.find((i) => i.affiliate_id === people.sepa!.id)!.payee).toBe('Jürgen Weiß');
  });

  it('a payout is in one open run at most', async () => {
    const again = await call('POST', '/v1/payment-runs', creator, { method: 'wire', payout_ids: [payoutOf.get(people.sepa!.id)] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(paymentRunMessages.inOpenRun);
    const none = await call('POST', '/v1/payment-runs', creator, { method: 'wire' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(paymentRunMessages.nothingToPay);
    // Nor is it paid by hand while the run holds it.
    const byHand = await call('POST', `/v1/payouts/${payoutOf.get(people.sepa!.id)}/mark-paid`, creator, { reference: 'X' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe(payoutMessages.inPaymentRun);
  });

  it('two people: open checks and the creator cannot approve; once the payee is dropped, a second staff member approves; then the run is frozen', async () => {
    const early = await call('POST', `/v1/payment-runs/${wireRun.id}/approve`, approver);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(paymentRunMessages.checksOpen);
    const drop = await call('POST', `/v1/payment-runs/${wireRun.id}/items/${payoutOf.get(people.sepaNew!.id)}/drop`, creator);
    expect(drop.statusCode).toBe(200);
    expect(drop.json().data).toMatchObject({ checks: [], totals: { count: 3 } });
    const own = await call('POST', `/v1/payment-runs/${wireRun.id}/approve`, creator);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(paymentRunMessages.ownRun);
    const ok = await call('POST', `/v1/payment-runs/${wireRun.id}/approve`, approver);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', approved_by: { name: 'Test Staff' } });
    expect((await call('POST', `/v1/payment-runs/${wireRun.id}/items/${payoutOf.get(people.sepa!.id)}/drop`, creator)).statusCode).toBe(409);
    expect((await call('POST', `/v1/payment-runs/${wireRun.id}/approve`, approver)).statusCode).toBe(409);
    const events = await rows<{ type: string; actor_id: number }>(t.app.db, sql`select type, actor_id from events where object_type = 'payment_run' and object_id = ${String(wireRun.id)} order by id`);
    expect(events.map((e) => e.type)).toEqual(['payment_run.created', 'payment_run.item_dropped', 'payment_run.approved']);
    // The dropped payout is to pay again: a new run can take it.
    const again = await call('POST', '/v1/payment-runs', creator, { method: 'wire', payout_ids: [payoutOf.get(people.sepaNew!.id)] });
    expect(again.statusCode).toBe(201);
    expect((await call('POST', `/v1/payment-runs/${again.json().data.id}/cancel`, creator)).statusCode).toBe(200);
  });

  it('the file downloads with its type and name, the same bytes twice', async () => {
    const first = await call('GET', `/v1/payment-runs/${wireRun.id}/file`, creator);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/xml/);
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.xml"$/);
    const second = await call('GET', `/v1/payment-runs/${wireRun.id}/file`, creator);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const item of (await run(wireRun.id)).items) expect(first.body).toContain(`<EndToEndId>${item.reference}</EndToEndId>`);
    // The payee as frozen, not as changed since.
    expect(first.body).not.toContain('Someone Else');
  });

  it('cancel: a run not sent lets its payouts go back to "to pay"; a cancelled run has no file and cannot be approved', async () => {
    const ach = await call('POST', '/v1/payment-runs', creator, { method: 'ach' });
    expect(ach.statusCode).toBe(201);
    const achRun = ach.json().data as PaymentRun;
    expect(achRun.items.map((i) => i.reference)).toEqual(achRun.items.map(() => expect.stringMatching(/^12210527\d{7}$/)));
    // Two payees share one account.
    expect(achRun.checks.filter((c) => c.problem.includes('shares one account'))).toHaveLength(2);
    const cancelled = await call('POST', `/v1/payment-runs/${achRun.id}/cancel`, approver);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await call('GET', `/v1/payment-runs/${achRun.id}/file`, creator)).statusCode).toBe(409);
    expect((await call('POST', `/v1/payment-runs/${achRun.id}/approve`, approver)).statusCode).toBe(409);
    for (const item of achRun.items) expect(await payout(item.payout_id)).toMatchObject({ status: 'to_pay' });
    expect((await call('POST', '/v1/payment-runs', creator, { method: 'ach' })).statusCode).toBe(201);
  });

  it('mark sent: the payouts are paid with their item’s reference; a sent run cannot be cancelled', async () => {
    const notApproved = await call('POST', '/v1/payment-runs', creator, { method: 'paxum' });
    expect((await call('POST', `/v1/payment-runs/${notApproved.json().data.id}/mark-sent`, creator)).statusCode).toBe(409);
    const sent = await call('POST', `/v1/payment-runs/${wireRun.id}/mark-sent`, creator);
    expect(sent.statusCode).toBe(200);
    const data = sent.json().data as PaymentRun;
    expect(data.status).toBe('sent');
    for (const item of data.items) {
      expect(item.status).toBe('sent');
      expect(await payout(item.payout_id)).toMatchObject({ status: 'paid', reference: item.reference, method: 'wire' });
    }
    expect(data.reconciliation).toMatchObject({ awaiting: { count: 3 }, difference: 0 });
    expect((await call('POST', `/v1/payment-runs/${wireRun.id}/cancel`, creator)).json().message).toBe(paymentRunMessages.notCancellable);
  });

  it('the bank’s answer: accepted and returned items matched by reference, the unknown reported; the gross back on the balance once; the same file twice changes nothing', async () => {
    const [accepted, returned] = [wireRun.items.find((i) => i.affiliate_id === people.sepaFr!.id)!, wireRun.items.find((i) => i.affiliate_id === people.sepa!.id)!];
    const before = await ledgerSum(people.sepa!.id);
    const csv = `reference,status,reason\r\n${accepted.reference},accepted,\r\n${returned.reference},returned,AC04\r\nPR999999-1,returned,AC01\r\n`;
    const res = await importFile(csv);
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ format: 'csv', repeated: false });
    expect(result.matched).toEqual([
      expect.objectContaining({ reference: accepted.reference, status: 'accepted', changed: true }),
      expect.objectContaining({ reference: returned.reference, status: 'returned', reason: expect.stringMatching(/closed/i), changed: true }),
    ]);
    expect(result.unmatched).toEqual([expect.objectContaining({ reference: 'PR999999-1' })]);
    expect(await ledgerSum(people.sepa!.id)).toBe(before + 54_250);
    expect(await payout(returned.payout_id)).toMatchObject({ status: 'returned' });
    const after = (await call('GET', `/v1/payment-runs/${wireRun.id}`, creator)).json().data as PaymentRun;
    expect(after.reconciliation).toMatchObject({ accepted: { count: 1, amount: 200 }, returned: { count: 1, amount: 542.5 }, awaiting: { count: 1, amount: 310 }, difference: 0 });

    const again = await importFile(csv, 'application/octet-stream');
    expect(again.json().data).toMatchObject({ repeated: true, matched: [expect.objectContaining({ changed: false }), expect.objectContaining({ status: 'returned', changed: false })] });
    expect(await ledgerSum(people.sepa!.id)).toBe(before + 54_250);

    // The affiliate must confirm their details again: the top bar's issue, and the reason why.
    const tokens = affiliateTokens.get(people.sepa!.id)!;
    const billing = (await call('GET', '/v1/user/billing', tokens)).json().data;
    expect(billing.payout_issues).toContain('billing_account_incomplete');
    expect(billing.confirm_reason).toMatch(/returned a payment/);
    const email = await mail.waitFor(people.sepa!.email, /returned by your bank/);
    expect(email.text).toMatch(/\$542\.50/);
  });

  it('a file that is none of the formats is a 422 with a message; an empty one too', async () => {
    const res = await importFile('hello, this is not a bank file', 'text/plain');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', message: expect.any(String) });
    expect((await importFile('', 'text/plain')).statusCode).toBe(422);
  });

  it('the timeline: the payout’s owner sees approved, in run, sent with the reference, returned with the reason; another affiliate gets 404', async () => {
    const returned = wireRun.items.find((i) => i.affiliate_id === people.sepa!.id)!;
    const res = await call('GET', `/v1/payouts/${returned.payout_id}/timeline`, affiliateTokens.get(people.sepa!.id)!);
    expect(res.statusCode).toBe(200);
    const timeline = res.json().data as PayoutTimeline;
    expect(timeline.steps.map((s) => s.kind)).toEqual(['approved', 'in_run', 'sent', 'returned']);
    expect(timeline.steps[2]).toMatchObject({ reference: returned.reference, amount: 542.5, amount_sent: 500, currency: 'EUR' });
    expect(timeline.steps[3]!.reason).toMatch(/closed/i);
    expect((await call('GET', `/v1/payouts/${returned.payout_id}/timeline`, affiliateTokens.get(people.sepaFr!.id)!)).statusCode).toBe(404);
    expect((await call('GET', `/v1/payouts/${returned.payout_id}/timeline`, creator)).statusCode).toBe(200);
    expect((await call('GET', `/v1/payouts/${returned.payout_id}/timeline`, settingsStaff)).statusCode).toBe(403);
  });

  it('the list: newest first, filtered by status', async () => {
    const all = (await call('GET', '/v1/payment-runs', creator)).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(5);
    const sent = (await call('GET', '/v1/payment-runs?status=sent', creator)).json();
    expect(sent.data.map((r: { id: number }) => r.id)).toEqual([wireRun.id]);
    expect((await call('GET', '/v1/payment-runs', affiliateTokens.get(people.sepa!.id)!)).statusCode).toBe(403);
    void payees;
  });
});
