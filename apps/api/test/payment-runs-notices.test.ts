import type { PaymentRun, PayoutTimeline, StatusImport } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/modules/payouts/sql.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture } from './support/money.ts';
import { affiliateToPay, closeAndApprove, payees, paymentRunStaff } from './support/payment-runs.ts';
import { bearer, signIn } from './support/users.ts';

type Tokens = { access_token: string };

/** A NACHA record from its fields at their positions (1-based, as the record layouts number them). */
function rec(fields: [number, string][]): string {
  const r = Array.from({ length: 94 }, () => ' ');
  for (const [pos, value] of fields) [...value].forEach((c, i) => (r[pos - 1 + i] = c));
  return r.join('');
}

/** The ODFI's notification of change: one COR entry with its addenda 98 naming our trace number. */
function notificationOfChange(trace: string, code: string, corrected: string): string {
  return [
    rec([[1, '101'], [4, ' 122105278'], [14, ' 011000015'], [24, '2612030830'], [34, 'A094101'], [41, 'VR NETWORK'], [64, 'FEDERAL RESERVE']]),
    rec([[1, '5220'], [5, 'VR NETWORK'], [41, '1234567890'], [51, 'COR'], [54, 'PAYOUT'], [70, '261201'], [79, '1'], [80, '01100001'], [88, '0000001']]),
    rec([[1, '6'], [2, '21'], [4, '01100001'], [13, '123456789'.padEnd(17)], [30, '0000000000'], [55, 'MARY SMITH'], [79, '1'], [80, '011000010000001']]),
    rec([[1, '798'], [4, code], [7, trace], [28, '01100001'], [36, corrected], [80, '011000010000001']]),
    rec([[1, '8220']]),
    rec([[1, '9']]),
    '9'.repeat(94),
  ].join('\r\n');
}

/**
 * A bank's notification of change (ACH addenda 98, docs/payment-runs.md): recorded on the item and
 * shown to the affiliate as the correction to make, never applied for them; the payment stands.
 */
describe('a NACHA notification of change', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let creator: Tokens;
  let approver: Tokens;
  let payee: { id: number; email: string; password: string };
  let run: PaymentRun;

  const call = (method: 'GET' | 'POST', url: string, tokens: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const ledgerSum = async (id: number) => Number((await rows<{ s: string }>(t.app.db, sql`select coalesce(sum(amount_cents), 0)::text as s from ledger_entries where affiliate_id = ${id}`))[0]!.s);
  const importNotice = (body: string) => t.app.inject({ method: 'POST', url: '/v1/payment-runs/status-files', headers: { ...bearer(creator), 'content-type': 'text/plain' }, payload: body });

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    const staff = await paymentRunStaff(t.app, mail);
    ({ creator, approver } = staff);
    payee = await affiliateToPay(t.app, new LedgerFixture(t.app, staff.creatorId), 'ach', 12_345);
    await closeAndApprove(t.app, creator);
    const made = await call('POST', '/v1/payment-runs', creator, { method: 'ach' });
    answered(made.statusCode, 201, 'run made');
    run = made.json().data;
    answered((await call('POST', `/v1/payment-runs/${run.id}/approve`, approver)).statusCode, 200, 'run approved');
    answered((await call('POST', `/v1/payment-runs/${run.id}/mark-sent`, creator)).statusCode, 200, 'run sent');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('is matched by our trace number; the payment stands, the details and the balance are untouched', async () => {
    const item = run.items[0]!;
    expect(item.reference).toMatch(/^12210527\d{7}$/);
    const balance = await ledgerSum(payee.id);
    const res = await importNotice(notificationOfChange(item.reference, 'C01', '987654999'));
    expect(res.statusCode).toBe(200);
    const reply = res.json().data as StatusImport;
    expect(reply).toMatchObject({ format: 'nacha', repeated: false, unmatched: [] });
    expect(reply.matched).toEqual([
      { reference: item.reference, payout_id: item.payout_id, run_id: run.id, status: 'sent', reason: null, correction: 'The account number is wrong: use the corrected one: 987654999', changed: true },
    ]);
    const [payout] = await rows<{ status: string }>(t.app.db, sql`select status from payouts where id = ${item.payout_id}`);
    expect(payout!.status).toBe('paid');
    expect(await ledgerSum(payee.id)).toBe(balance);
    const [billing] = await rows<{ details: Record<string, string>; is_complete: boolean }>(t.app.db, sql`select details, is_complete from billing_accounts where user_id = ${payee.id}`);
    expect(billing).toEqual({ details: payees.ach.details, is_complete: true });
  });

  it('is shown to the affiliate as the correction to make: in the payout’s timeline and on their billing details', async () => {
    const tokens = await signIn(t.app, mail, payee.email, payee.password);
    const timeline = (await call('GET', `/v1/payouts/${run.items[0]!.payout_id}/timeline`, tokens)).json().data as PayoutTimeline;
    expect(timeline.steps.map((s) => s.kind)).toEqual(['approved', 'in_run', 'sent', 'correction']);
    expect(timeline.steps.at(-1)).toMatchObject({ kind: 'correction', reference: run.items[0]!.reference, reason: 'The account number is wrong: use the corrected one: 987654999' });
    const billing = (await call('GET', '/v1/user/billing', tokens)).json().data as { confirm_reason: string | null; is_complete: boolean };
    expect(billing).toMatchObject({ is_complete: true, confirm_reason: 'Your bank asks for a correction: The account number is wrong: use the corrected one: 987654999' });
  });

  it('the same file twice changes nothing', async () => {
    const res = await importNotice(notificationOfChange(run.items[0]!.reference, 'C01', '987654999'));
    expect(res.json().data).toMatchObject({ repeated: true, matched: [expect.objectContaining({ changed: false })] });
    const notices = await rows<{ n: number }>(t.app.db, sql`select count(*)::int as n from payment_run_item_events where kind = 'notice'`);
    expect(notices[0]!.n).toBe(1);
  });
});

/** A setup step that must succeed before the tests run. */
function answered(status: number, expected: number, step: string): void {
  if (status !== expected) throw new Error(`${step}: answered ${status}, expected ${expected}`);
}
