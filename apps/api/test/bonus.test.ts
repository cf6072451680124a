import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema/index.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import { appendEntry } from '../src/modules/ledger/entries.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let withPermission: Tokens;
let withoutPermission: Tokens;
let staffId: number;
let affiliate: Awaited<ReturnType<typeof createAffiliate>>;
let affiliateTokens: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['affiliates']);
  staffId = s.id;
  const n = await createStaff(t.app, ['payouts', 'settings']);
  affiliate = await createAffiliate(t.app);
  [withPermission, withoutPermission, affiliateTokens] = await Promise.all([
    signIn(t.app, mail, s.email, s.password),
    signIn(t.app, mail, n.email, n.password),
    signIn(t.app, mail, affiliate.email, affiliate.password),
  ]);
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const post = (id: number, payload: Record<string, unknown>, who?: Tokens) =>
  t.app.inject({ method: 'POST', url: `/v1/affiliates/${id}/bonus`, headers: who ? bearer(who) : {}, payload });

describe('bonus and adjustments', () => {
  it('writes a bonus row naming the staff user and the reason; the balance is the sum of rows', async () => {
    const res = await post(affiliate.id, { amount: '125.50', reason: 'Top seller of October' }, withPermission);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'bonus', amount: 125.5, affiliate_id: affiliate.id, reason: 'Top seller of October', created_by: { id: staffId, name: 'Test Staff' } });
    expect(await balanceCents(t.app.db, affiliate.id)).toBe(12550);
  });

  it('writes a negative amount as an adjustment, which needs an adjustment reason', async () => {
    const before = await balanceCents(t.app.db, affiliate.id);
    const refused = await post(affiliate.id, { amount: -20, reason: 'Fee for a chargeback' }, withPermission);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error_code: 'validation_failed', errors: { adjustment_reason: ['A negative amount needs an adjustment reason.'] } });
    expect(await balanceCents(t.app.db, affiliate.id)).toBe(before);
    const ok = await post(affiliate.id, { amount: -20, reason: 'Fee for a chargeback', adjustment_reason: 'chargeback' }, withPermission);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ kind: 'adjustment', amount: -20, reason_code: 'chargeback' });
    expect(await balanceCents(t.app.db, affiliate.id)).toBe(before - 2000);
  });

  it('corrects a row of the same affiliate only, by a new row naming it', async () => {
    const other = await createAffiliate(t.app);
    const theirs = await appendEntry(t.app.db, { affiliateId: other.id, kind: 'bonus', amountCents: 500, createdBy: staffId, reason: 'x' });
    const wrong = await post(affiliate.id, { amount: -5, reason: 'Paid twice', adjustment_reason: 'overpayment', corrects_id: theirs.id }, withPermission);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.corrects_id).toEqual(['This entry does not exist for this affiliate.']);
    const mine = await appendEntry(t.app.db, { affiliateId: affiliate.id, kind: 'bonus', amountCents: 500, createdBy: staffId, reason: 'Twice by mistake' });
    const ok = await post(affiliate.id, { amount: -5, reason: 'Paid twice', adjustment_reason: 'overpayment', corrects_id: mine.id }, withPermission);
    expect(ok.json().data).toMatchObject({ kind: 'adjustment', corrects_id: mine.id });
    const [kept] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, mine.id));
    expect(kept!.amountCents).toBe(500);
  });

  it('refuses amounts with more than two decimals, zero, and a missing reason, and changes nothing', async () => {
    const before = await balanceCents(t.app.db, affiliate.id);
    for (const payload of [{ amount: 1.234, reason: 'x' }, { amount: 0, reason: 'x' }, { amount: '12.5.0', reason: 'x' }, { amount: 10, reason: '  ' }]) {
      const res = await post(affiliate.id, payload, withPermission);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
    }
    expect((await post(affiliate.id, { amount: 1.234, reason: 'x' }, withPermission)).json().errors.amount).toEqual(['This field is invalid']);
    expect(await balanceCents(t.app.db, affiliate.id)).toBe(before);
  });

  it('is for staff with the affiliates permission, on an affiliate that exists', async () => {
    const body = { amount: 10, reason: 'x' };
    expect((await post(affiliate.id, body)).statusCode).toBe(401);
    expect((await post(affiliate.id, body, affiliateTokens)).statusCode).toBe(403);
    expect((await post(affiliate.id, body, withoutPermission)).statusCode).toBe(403);
    expect((await post(999_999, body, withPermission)).statusCode).toBe(404);
    expect((await post(staffId, body, withPermission)).statusCode).toBe(404);
  });
});
