import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, users } from '../src/db/schema/index.ts';
import { enqueuePayoutUpdateEmail } from '../src/modules/email/optional-jobs.ts';
import { wantsEmail } from '../src/modules/email/preferences.ts';
import { getEmailNotifications, putEmailNotifications } from '../src/modules/settings/sections.ts';
import type { TestApp } from './helpers.ts';
import { form } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail } from './support/people.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let alice: { id: number; email: string };
let bob: { id: number; email: string };
let aliceTokens: Tokens;
let bobTokens: Tokens;
let editor: Tokens;
let manager: Tokens;
let noAffiliates: Tokens;

beforeAll(async () => {
  const { t: app, people } = await appWithPeople(mail, { alice: 'affiliate', bob: 'affiliate', editor: ['announcements'], manager: ['affiliates'] });
  t = app;
  ({ alice, bob } = people);
  aliceTokens = people.alice.tokens;
  bobTokens = people.bob.tokens;
  editor = people.editor.tokens;
  manager = people.manager.tokens;
  noAffiliates = editor;
  // These tests follow the email per announcement ("News"), off by default in favour of the daily digest.
  await putEmailNotifications(t.app.db, { ...(await getEmailNotifications(t.app.db)), news: true });
});
afterAll(() => closeAppWithMail(t, mail));

const prefs = (who?: Tokens, query = '') => t.app.inject({ method: 'GET', url: `/v1/user/email-preferences${query}`, headers: who ? bearer(who) : {} });
const save = (who: Tokens | undefined, payload: object, query = '') => t.app.inject({ method: 'PUT', url: `/v1/user/email-preferences${query}`, headers: who ? bearer(who) : {}, payload });
const all = { news: true, payout_updates: true, tax_form_reminders: true, weekly_summary: true };

async function publish(title: string) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/announcements', headers: bearer(editor), payload: form({ title, description: '<p>Hi</p>', announcement_url: 'https://novavr.example/promo', button_text: 'Open' }) });
  expect(res.statusCode).toBe(201);
}

describe('email preferences', () => {
  it('start with every optional email on, and are saved with "Email Preferences applied successfully"', async () => {
    expect((await prefs()).statusCode).toBe(401);
    expect((await prefs(aliceTokens)).json().data).toEqual(all);
    const res = await save(aliceTokens, { ...all, weekly_summary: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ...all, weekly_summary: false }, message: 'Email Preferences applied successfully' });
    expect(await wantsEmail(t.app.db, alice.id, 'weekly_summary')).toBe(false);
    expect(await wantsEmail(t.app.db, alice.id, 'news')).toBe(true);
    expect((await prefs(bobTokens)).json().data).toEqual(all);
    const blank = await save(aliceTokens, {});
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.news).toEqual(['This field is required']);
  });

  it("are an affiliate's own: another affiliate gets 404, staff without affiliates 403, staff with affiliates edit them", async () => {
    expect((await prefs(bobTokens, `?user_id=${alice.id}`)).statusCode).toBe(404);
    expect((await save(bobTokens, all, `?user_id=${alice.id}`)).statusCode).toBe(404);
    expect((await prefs(noAffiliates, `?user_id=${alice.id}`)).statusCode).toBe(403);
    expect((await prefs(manager, `?user_id=${alice.id}`)).json().data.weekly_summary).toBe(false);
    expect((await save(manager, { ...all, tax_form_reminders: false }, `?user_id=${bob.id}`)).statusCode).toBe(200);
    expect((await prefs(bobTokens)).json().data.tax_form_reminders).toBe(false);
    // Staff naming a staff user (not an affiliate) find nothing.
    const [staffRow] = await t.app.db.select({ id: users.id }).from(users).limit(1);
    expect((await prefs(manager, `?user_id=${staffRow!.id}`)).statusCode).toBe(404);
  });
});

describe('optional emails', () => {
  it('carry one-click unsubscribe headers (RFC 8058); the link works without sign-in and turns that kind off', async () => {
    const before = mail.messages.length;
    await publish('Double payouts weekend');
    const news = await mail.waitFor(alice.email, /^News: Double payouts weekend/, before);
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(news.raw.replace(/\r?\n[ \t]+/g, ' '));
    expect(header).not.toBeNull();
    expect(news.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const url = new URL(header![1]!);
    expect(url.pathname).toBe('/v1/email/unsubscribe');
    expect(news.text).toContain('Unsubscribe');

    // Opening the link only asks (scanners open links); a tampered link is refused.
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(await wantsEmail(t.app.db, alice.id, 'news')).toBe(true);
    const tampered = new URLSearchParams(url.search);
    tampered.set('u', String(bob.id));
    expect((await t.app.inject({ method: 'POST', url: `${url.pathname}?${tampered}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(404);

    // The mail client's one-click POST.
    const done = await t.app.inject({ method: 'POST', url: url.pathname + url.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will no longer receive these emails.');
    expect(await wantsEmail(t.app.db, alice.id, 'news')).toBe(false);
    expect((await prefs(aliceTokens)).json().data).toEqual({ ...all, news: false, weekly_summary: false });
  });

  it('are not sent to whoever turned them off', async () => {
    const before = mail.messages.length;
    await publish('Second news');
    await mail.waitFor(bob.email, /^News: Second news/, before);
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.slice(before).filter((m) => m.to.includes(alice.email))).toEqual([]);
  });

  it('tell an affiliate a payout changed, unless payout updates are off', async () => {
    const [payout] = await t.app.db
      .insert(payouts)
      .values({ affiliateId: bob.id, period: '2026-10', status: 'to_pay', approvedAt: new Date(), grossCents: 12345, amountCents: 12345, minimumCents: 5000, method: 'wire', invoiceYear: 2026, invoiceSeq: 77, cutoff: new Date(), createdAt: new Date() })
      .returning();
    const before = mail.messages.length;
    await enqueuePayoutUpdateEmail(t.app.db, payout!.id);
    const update = await mail.waitFor(bob.email, /^Your payout of \$123\.45 is approved/, before);
    expect(update.text).toContain('$123.45');
    expect(update.text).toContain('for October 2026 ');
    expect(update.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    await save(bobTokens, { ...all, tax_form_reminders: false, payout_updates: false });
    const after = mail.messages.length;
    await enqueuePayoutUpdateEmail(t.app.db, payout!.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(mail.messages.slice(after).filter((m) => m.to.includes(bob.email))).toEqual([]);
  });
});
