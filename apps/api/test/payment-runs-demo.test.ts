import type { PaymentRun, PayingAccounts } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };

/** The demo shows every state of a payment run, and a run of each rail can be made and approved at once. */
describe('payment runs in the demo network', () => {
  const mail = new MailCatcher();
  let t: TestApp;
  let owner: Tokens;
  let second: Tokens;
  const call = (method: 'GET' | 'POST', url: string, tokens: Tokens, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await mail.start(), DEMO_DATA: '1' });
    owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
    const s = await createStaff(t.app, ['payouts']);
    second = await signIn(t.app, mail, s.email, s.password);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await mail.stop();
  });

  it('has a paying account for every rail and currency it pays in', async () => {
    const data = (await call('GET', '/v1/settings/paying-accounts', owner)).json().data as PayingAccounts;
    const active = data.accounts.filter((a) => a.is_active).map((a) => `${a.rail}/${a.currency}`);
    expect(active.sort()).toEqual(['ach/USD', 'paxum/USD', 'paypal/USD', 'usdt/USD', 'wire/EUR', 'wire/USD']);
  });

  it('has one run sent whose bank accepted one payment and returned the other, the money back on the balance', async () => {
    const sent = (await call('GET', '/v1/payment-runs?status=sent', owner)).json().data as PaymentRun[];
    expect(sent).toHaveLength(1);
    const run = (await call('GET', `/v1/payment-runs/${sent[0]!.id}`, owner)).json().data as PaymentRun;
    expect(run.items.map((i) => i.status).sort()).toEqual(['accepted', 'returned']);
    expect(run.items.find((i) => i.status === 'returned')!.reason).toMatch(/closed/i);
    expect(run.reconciliation.difference).toBe(0);
  });

  it('pays every rail at once: a run of each method passes the checks and a second staff member approves it', async () => {
    for (const method of ['wire', 'ach', 'paxum', 'paypal', 'usdt']) {
      const made = await call('POST', '/v1/payment-runs', owner, { method });
      expect({ method, status: made.statusCode }).toEqual({ method, status: 201 });
      const run = made.json().data as PaymentRun;
      expect({ method, checks: run.checks }).toEqual({ method, checks: [] });
      expect((await call('POST', `/v1/payment-runs/${run.id}/approve`, second)).statusCode).toBe(200);
      expect((await call('GET', `/v1/payment-runs/${run.id}/file`, owner)).statusCode).toBe(200);
    }
  });
});
