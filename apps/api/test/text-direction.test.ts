import { validationMessages as m } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail, type SignedIn } from './support/people.ts';
import { bearer } from './support/users.ts';

// Text-direction controls (U+202A-E, U+2066-9) make text read differently from what it is; line
// and paragraph separators (U+2028, U+2029) break a line where none is shown. Single-line fields
// refuse both and line breaks; multi-line fields keep their newlines and refuse the rest.
const mail = new MailCatcher();
let t: TestApp;
let staff: SignedIn;
let affiliate: SignedIn;

beforeAll(async () => {
  ({ t, people: { staff, affiliate } } = await appWithPeople(mail, { staff: ['settings'], affiliate: 'affiliate' }));
});
afterAll(() => closeAppWithMail(t, mail));

const RLO = '\u202E';
const hostile = [`gpj.${RLO}exe`, `a\u2066b`, `line\u2028two`, `para\u2029two`];
const errorsOf = (r: { statusCode: number; body: string }) => [r.statusCode, Object.keys((JSON.parse(r.body) as { errors?: object }).errors ?? {})];

describe('the profile and the sign-up', () => {
  const profileFields = ['first_name', 'company', 'address', 'city', 'postal_code', 'phone', 'chat_id', 'traffic_sources', 'hear_about'];
  it('refuse text-direction controls and line separators in every text field, and change nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(affiliate.tokens) })).json().data;
    for (const field of profileFields) {
      for (const value of hostile) {
        const reply = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(affiliate.tokens), payload: { [field]: value } });
        expect([field, value, ...errorsOf(reply)]).toEqual([field, value, 422, [field]]);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(affiliate.tokens) })).json().data).toEqual(before);
  });

  it('keep newlines in traffic sources (several lines) but not in one-line fields', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(affiliate.tokens), payload: { traffic_sources: 'tube sites\nforums' } })).statusCode).toBe(200);
    for (const field of ['address', 'city', 'postal_code', 'phone', 'chat_id', 'hear_about']) {
      const reply = await t.app.inject({ method: 'POST', url: '/v1/user/profile', headers: bearer(affiliate.tokens), payload: { [field]: 'one\ntwo' } });
      expect([field, ...errorsOf(reply)]).toEqual([field, 422, [field]]);
    }
  });

  it('sign-up refuses them with the field named', async () => {
    const register = { first_name: 'Dana', email: 'dana-bidi@example.com', password: 'new-affiliate-1', password_confirmation: 'new-affiliate-1', accept_terms: true };
    for (const field of profileFields) {
      const reply = await t.app.inject({ method: 'POST', url: '/v1/register', payload: { ...register, [field]: `x${RLO}y` } });
      expect([field, ...errorsOf(reply)]).toEqual([field, 422, [field]]);
      expect(reply.json().errors[field]).toEqual([m.plainName]);
    }
  });
});

describe("the network's details and the terms' change notes", () => {
  it('refuse them in every field', async () => {
    const details = { name: 'Фирма Network', address: '1 Main St\nLos Angeles', email: 'billing@example.com', tax_id: 'US-1', invoice_footer: 'Thanks\nPay within 30 days' };
    expect((await t.app.inject({ method: 'PUT', url: '/v1/settings/network-details', headers: bearer(staff.tokens), payload: details })).statusCode).toBe(200);
    for (const field of ['name', 'address', 'tax_id', 'invoice_footer']) {
      for (const value of hostile) {
        const reply = await t.app.inject({ method: 'PUT', url: '/v1/settings/network-details', headers: bearer(staff.tokens), payload: { ...details, [field]: value } });
        expect([field, value, ...errorsOf(reply)]).toEqual([field, value, 422, [field]]);
      }
    }
    for (const value of hostile) {
      const reply = await t.app.inject({ method: 'PUT', url: '/v1/settings/terms', headers: bearer(staff.tokens), payload: { changes: `New rules ${value}` } });
      expect([value, ...errorsOf(reply)]).toEqual([value, 422, ['changes']]);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/v1/settings/terms', headers: bearer(staff.tokens), payload: { changes: 'Payouts:\n- weekly' } })).statusCode).toBe(200);
  });
});
