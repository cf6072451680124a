import type { BillingAccount, LedgerEntry, ListMeta } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
const DAY = 86_400_000;

describe('staff read one affiliate’s ledger and billing details', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  const tokens: Record<'payouts' | 'affiliates' | 'offers' | 'affiliate' | 'other', Tokens> = {} as never;
  let affiliateId = 0;
  let staffId = 0;

  const get = (url: string, who: Tokens) => t.app.inject({ method: 'GET', url, headers: bearer(who) });

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start() });
    for (const permission of ['payouts', 'affiliates', 'offers'] as const) {
      const s = await createStaff(t.app, [permission]);
      if (permission === 'payouts') staffId = s.id;
      tokens[permission] = await signIn(t.app, mail, s.email, s.password);
    }
    const a = await createAffiliate(t.app);
    affiliateId = a.id;
    tokens.affiliate = await signIn(t.app, mail, a.email, a.password);
    const o = await createAffiliate(t.app);
    tokens.other = await signIn(t.app, mail, o.email, o.password);
    await paymentMethod(t.app, 'paypal', 5000);
    await payableProfile(t.app, affiliateId);
    const ledger = new LedgerFixture(t.app, staffId);
    const start = Date.now() - 10 * DAY;
    for (let i = 0; i < 5; i++) await ledger.earn(affiliateId, 1000 + i, new Date(start + i * DAY));
    await ledger.bonus(affiliateId, 700, new Date(start + 6 * DAY), 'Great <b>month</b>');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('gives staff with payouts or affiliates the rows newest first, a page at a time, with who wrote them', async () => {
    for (const who of [tokens.payouts, tokens.affiliates]) {
      const first = await get(`/v1/affiliates/${affiliateId}/ledger?per_page=4`, who);
      expect(first.statusCode).toBe(200);
      const page1 = first.json() as { data: LedgerEntry[]; meta: ListMeta };
      expect(page1.meta).toEqual({ total: 6, page: 1, per_page: 4 });
      expect(page1.data.map((e) => e.kind)).toEqual(['bonus', 'earning', 'earning', 'earning']);
      expect(page1.data[0]).toMatchObject({ amount: 7, reason: 'Great <b>month</b>', created_by: { id: staffId } });
      expect(page1.data.every((e) => e.affiliate_id === affiliateId)).toBe(true);
      const page2 = (await get(`/v1/affiliates/${affiliateId}/ledger?per_page=4&page=2`, who)).json() as { data: LedgerEntry[] };
      expect(page2.data.map((e) => e.amount)).toEqual([10.01, 10]);
    }
  });

  it('gives them the billing details the affiliate is paid to', async () => {
    const res = await get(`/v1/affiliates/${affiliateId}/billing`, tokens.payouts);
    expect(res.statusCode).toBe(200);
    const billing = (res.json() as { data: BillingAccount }).data;
    expect(billing.is_complete).toBe(true);
    expect(billing.method?.type).toBe('paypal');
    expect((await get(`/v1/affiliates/${affiliateId}/billing`, tokens.affiliates)).statusCode).toBe(200);
  });

  it('refuses affiliates (themselves included) and staff without payouts or affiliates', async () => {
    for (const path of ['ledger', 'billing']) {
      for (const who of [tokens.affiliate, tokens.other, tokens.offers]) {
        const res = await get(`/v1/affiliates/${affiliateId}/${path}`, who);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ error_code: expect.any(String), message: expect.any(String) });
      }
      expect((await t.app.inject({ method: 'GET', url: `/v1/affiliates/${affiliateId}/${path}` })).statusCode).toBe(401);
    }
  });

  it('answers 404 for an id that is not an affiliate’s (a staff user’s, or none) and 422 for a bad page', async () => {
    for (const path of ['ledger', 'billing']) {
      for (const id of [staffId, 99_999_999]) {
        const res = await get(`/v1/affiliates/${id}/${path}`, tokens.payouts);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error_code: 'not_found', message: 'This affiliate does not exist.' });
      }
      expect((await get(`/v1/affiliates/abc/${path}`, tokens.payouts)).statusCode).toBe(422);
    }
    expect((await get(`/v1/affiliates/${affiliateId}/ledger?per_page=1001`, tokens.payouts)).statusCode).toBe(422);
  });
});
