import { validationMessages as m } from '@portal/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import { enqueueDueSyncs } from '../src/modules/catalogue/job.ts';
import { backupWithholdingBp } from '../src/modules/payouts/eligibility.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithSettingsPeople, closeAppWithMail } from './support/people.ts';
import { bearer } from './support/users.ts';

// The settings Global Settings shows besides its own sections: US backup withholding, the
// catalogue sync interval and sign-up approval (each validated, each write with before and after).
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, admin: Tokens, otherStaff: Tokens, affiliate: Tokens;

beforeAll(async () => {
  ({ t, admin, otherStaff, affiliate } = await appWithSettingsPeople(mail));
});
afterAll(() => closeAppWithMail(t, mail));

const call = (method: 'GET' | 'PUT', url: string, who?: Tokens, payload?: Record<string, unknown>) => t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
const lastEvent = async (type: string) => (await t.app.db.select().from(events).where(eq(events.type, type)).orderBy(desc(events.id)).limit(1))[0];

describe('who may read and write them', () => {
  it('answers anonymous 401, affiliates and staff without settings 403', async () => {
    for (const url of ['/v1/settings/backup-withholding', '/v1/settings/catalogue-sync', '/v1/affiliates/signup-approval']) {
      for (const method of ['GET', 'PUT'] as const) {
        expect([url, method, (await call(method, url)).statusCode]).toEqual([url, method, 401]);
        expect([url, method, (await call(method, url, affiliate, {})).statusCode]).toEqual([url, method, 403]);
        expect([url, method, (await call(method, url, otherStaff, {})).statusCode]).toEqual([url, method, 403]);
      }
    }
  });
});

describe('US backup withholding', () => {
  it('reads 24 % by default, saves a rate the payouts then take, and refuses what is not a percentage', async () => {
    expect((await call('GET', '/v1/settings/backup-withholding', admin)).json().data).toEqual({ rate: 24 });
    const saved = await call('PUT', '/v1/settings/backup-withholding', admin, { rate: '28.5' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ rate: 28.5 });
    expect(await backupWithholdingBp(t.app.db)).toBe(2850);
    expect(await lastEvent('settings.updated')).toMatchObject({ objectType: 'settings', objectId: 'backup-withholding', before: { rate: 24 }, after: { rate: 28.5 } });
    for (const rate of [101, -1, '12.345', 'abc']) {
      const bad = await call('PUT', '/v1/settings/backup-withholding', admin, { rate });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ rate: [m.percentage] });
    }
    expect((await call('PUT', '/v1/settings/backup-withholding', admin, {})).json().errors).toEqual({ rate: [m.required] });
    expect((await call('GET', '/v1/settings/backup-withholding', admin)).json().data).toEqual({ rate: 28.5 });
  });
});

describe('catalogue sync interval', () => {
  it('reads 60 minutes by default, saves another interval, 0 stops the schedule, and refuses what is not a whole number of minutes', async () => {
    expect((await call('GET', '/v1/settings/catalogue-sync', admin)).json().data).toEqual({ minutes: 60 });
    expect((await call('PUT', '/v1/settings/catalogue-sync', admin, { minutes: 15 })).json().data).toEqual({ minutes: 15 });
    expect(await lastEvent('settings.updated')).toMatchObject({ objectId: 'catalogue-sync', before: { minutes: 60 }, after: { minutes: 15 } });
    expect((await call('PUT', '/v1/settings/catalogue-sync', admin, { minutes: -5 })).json().errors).toEqual({ minutes: [m.invalid] });
    expect((await call('PUT', '/v1/settings/catalogue-sync', admin, { minutes: 1.5 })).json().errors).toEqual({ minutes: [m.invalid] });
    expect((await call('PUT', '/v1/settings/catalogue-sync', admin, { minutes: '' })).json().errors).toEqual({ minutes: [m.required] });
    expect((await call('PUT', '/v1/settings/catalogue-sync', admin, { minutes: 0 })).json().data).toEqual({ minutes: 0 });
    expect(await enqueueDueSyncs(t.app.db)).toBe(0);
    expect((await call('PUT', '/v1/settings/catalogue-sync', admin, { minutes: 60 })).statusCode).toBe(200);
  });
});

describe('sign-up approval', () => {
  it('settings staff read and switch it; the event history has the value before and after', async () => {
    expect((await call('GET', '/v1/affiliates/signup-approval', admin)).json().data).toEqual({ required: true });
    expect((await call('PUT', '/v1/affiliates/signup-approval', admin, { required: 'yes' })).statusCode).toBe(422);
    expect((await call('PUT', '/v1/affiliates/signup-approval', admin, { required: false })).json().data).toEqual({ required: false });
    expect(await lastEvent('settings.signup_approval')).toMatchObject({ objectId: 'signup-approval', before: { required: true }, after: { required: false } });
    expect((await call('GET', '/v1/affiliates/signup-approval', admin)).json().data).toEqual({ required: false });
    await call('PUT', '/v1/affiliates/signup-approval', admin, { required: true });
  });
});
