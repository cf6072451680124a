import { validationMessages as m } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createStaff, signIn } from './support/users.ts';

// Every numeric setting takes a JSON number (integers: an integer JSON number in range), nothing
// else: null, "", [], false, true, "1e1", "10" are refused with a 422 on the field and change nothing.
type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let admin: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['settings', 'fraud']);
  admin = await signIn(t.app, mail, s.email, s.password);
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) => t.app.inject({ method, url, headers: bearer(admin), ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

const notNumbers: unknown[] = [null, '', [], false, true, '1e1', '10', ' 7 ', {}, 1.5];

describe('whole-number settings', () => {
  it('the hold days take an integer JSON number from 0 to 180 only', async () => {
    expect((await call('PUT', '/v1/settings/money', { hold_days: 21 })).json().data.hold_days).toBe(21);
    for (const hold_days of [...notNumbers, -1, 181]) {
      const reply = await call('PUT', '/v1/settings/money', { hold_days });
      expect([hold_days, reply.statusCode, Object.keys(reply.json().errors ?? {})]).toEqual([hold_days, 422, ['hold_days']]);
    }
    expect((await call('GET', '/v1/settings/money')).json().data.hold_days).toBe(21);
  });

  it('the catalogue sync takes an integer JSON number of minutes only (false does not turn it off)', async () => {
    expect((await call('PUT', '/v1/settings/catalogue-sync', { minutes: 30 })).json().data).toEqual({ minutes: 30 });
    for (const minutes of [...notNumbers, -1, 10_081]) {
      const reply = await call('PUT', '/v1/settings/catalogue-sync', { minutes });
      expect([minutes, reply.statusCode, Object.keys(reply.json().errors ?? {})]).toEqual([minutes, 422, ['minutes']]);
    }
    expect((await call('PUT', '/v1/settings/catalogue-sync', { minutes: null })).json().errors).toEqual({ minutes: [m.required] });
    expect((await call('GET', '/v1/settings/catalogue-sync')).json().data).toEqual({ minutes: 30 });
  });

  it('click screening takes integer JSON numbers for its windows and counts', async () => {
    const good = { actions: { bot: 'accept', datacenter: 'accept', repeat: 'accept', burst: 'accept' }, repeat_window_seconds: 40, burst_clicks: 25, burst_window_seconds: 90 };
    expect((await call('PUT', '/v1/settings/click-screening', good)).statusCode).toBe(200);
    for (const field of ['repeat_window_seconds', 'burst_clicks', 'burst_window_seconds']) {
      for (const value of notNumbers) {
        const reply = await call('PUT', '/v1/settings/click-screening', { ...good, [field]: value });
        expect([field, value, reply.statusCode, Object.keys(reply.json().errors ?? {})]).toEqual([field, value, 422, [field]]);
      }
    }
    expect((await call('GET', '/v1/settings/click-screening')).json().data).toMatchObject({ repeat_window_seconds: 40, burst_clicks: 25, burst_window_seconds: 90 });
  });

  it('fraud rules and risk holds take JSON numbers: whole numbers for counts and seconds, percentages for ratios', async () => {
    const good = { rules: [{ rule: 'min_seconds', value: 15, action: 'hold' }, { rule: 'refund_ratio_30', value: 2.5, action: 'flag' }], risk_holds: [{ ratio: 5, extra_days: 14 }] };
    expect((await call('PUT', '/v1/settings/fraud-rules', good)).statusCode).toBe(200);
    for (const value of notNumbers) {
      const rule = await call('PUT', '/v1/settings/fraud-rules', { ...good, rules: [{ rule: 'min_seconds', value, action: 'hold' }] });
      expect([value, rule.statusCode, Object.keys(rule.json().errors ?? {})]).toEqual([value, 422, ['rules.0.value']]);
      const hold = await call('PUT', '/v1/settings/fraud-rules', { ...good, risk_holds: [{ ratio: 5, extra_days: value }] });
      expect([value, hold.statusCode, Object.keys(hold.json().errors ?? {})]).toEqual([value, 422, ['risk_holds.0.extra_days']]);
    }
    for (const value of [null, '', [], false, true, '1e1', '0x10', -1, 101, 2.555]) {
      const ratio = await call('PUT', '/v1/settings/fraud-rules', { ...good, rules: [{ rule: 'refund_ratio_30', value, action: 'flag' }] });
      expect([value, ratio.statusCode, Object.keys(ratio.json().errors ?? {})]).toEqual([value, 422, ['rules.0.value']]);
    }
    expect((await call('GET', '/v1/settings/fraud-rules')).json().data).toMatchObject({ rules: good.rules, risk_holds: good.risk_holds });
  });
});

describe('percentage settings', () => {
  it('the referral rate, backup withholding and split-fee rates refuse what is not a plain percentage', async () => {
    for (const value of [null, '', [], false, true, '1e1', '0x10', {}, -1, 101, '12.345']) {
      const referral = await call('PUT', '/v1/settings/money', { referral_rate: value });
      expect([value, referral.statusCode, Object.keys(referral.json().errors ?? {})]).toEqual([value, 422, ['referral_rate']]);
      const backup = await call('PUT', '/v1/settings/backup-withholding', { rate: value });
      expect([value, backup.statusCode, Object.keys(backup.json().errors ?? {})]).toEqual([value, 422, ['rate']]);
    }
    expect((await call('GET', '/v1/settings/money')).json().data.referral_rate).toBe(5);
  });
});
