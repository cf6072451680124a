import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validationMessages as m } from '@portal/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';
import { form, pdfBytes, pngOfSize, tinyPng } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithSettingsPeople, closeAppWithMail } from './support/people.ts';
import { bearer } from './support/users.ts';
import { renderEmail } from '../src/modules/email/send.ts';
import { defaultGlobalEmail } from '../src/modules/settings/sections.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, admin: Tokens, otherStaff: Tokens, affiliate: Tokens;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Default</title>\n<meta name="description" content="Default description" />\n</head><body><div id="root"></div></body></html>');
  ({ t, admin, otherStaff, affiliate } = await appWithSettingsPeople(mail, { WEB_DIST: dist, PUBLIC_URL: 'https://partners.example' }));
});
afterAll(() => closeAppWithMail(t, mail));

const call = (method: 'GET' | 'PUT', url: string, who?: Tokens, payload?: Record<string, unknown> | FormData) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

const lastEvent = async () => (await t.app.db.select().from(events).where(eq(events.type, 'settings.updated')).orderBy(desc(events.id)).limit(1))[0];

const sections = ['dashboard', 'landing-page-images', 'global-email', 'seo', 'email-notifications', 'maintenance', 'network-details'];

describe('who may read and write the sections', () => {
  it('answers anonymous 401, affiliates and staff without settings 403', async () => {
    for (const s of sections) {
      for (const method of ['GET', 'PUT'] as const) {
        expect((await call(method, `/v1/settings/${s}`)).statusCode).toBe(401);
        expect((await call(method, `/v1/settings/${s}`, affiliate, {})).statusCode).toBe(403);
        expect((await call(method, `/v1/settings/${s}`, otherStaff, {})).statusCode).toBe(403);
      }
    }
  });
});

describe('Dashboard', () => {
  it('reads empty, saves a message and links, and affiliates see them on their dashboard', async () => {
    expect((await call('GET', '/v1/settings/dashboard', admin)).json().data).toEqual({ message: '', links: [] });
    const body = { message: '  Payouts go out on the 5th.  ', links: [{ label: 'Creatives guide', url: 'https://vr.example/guide' }, { label: 'Rules', url: '/terms-and-conditions' }] };
    const res = await call('PUT', '/v1/settings/dashboard', admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Payouts go out on the 5th.');
    const notice = await call('GET', '/v1/dashboard/notice', affiliate);
    expect(notice.statusCode).toBe(200);
    expect(notice.json().data.links).toHaveLength(2);
    const event = await lastEvent();
    expect(event).toMatchObject({ objectType: 'settings', objectId: 'dashboard', before: { message: '' }, after: { message: 'Payouts go out on the 5th.' } });
  });

  it('refuses a link that is not a url entry, on its field', async () => {
    const res = await call('PUT', '/v1/settings/dashboard', admin, { message: '', links: [{ label: '', url: 'http://127.0.0.1/x' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['links.0.label']).toEqual([m.required]);
    expect(res.json().errors['links.0.url']).toEqual([m.urlEntry]);
  });
});

describe('Global email', () => {
  it('defaults from the configuration, saves, and mail then comes from the new sender', async () => {
    const current = (await call('GET', '/v1/settings/global-email', admin)).json().data;
    expect(current.support_email).toBeTruthy();
    const bad = await call('PUT', '/v1/settings/global-email', admin, { sender_name: '', sender_email: 'nope', support_email: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ sender_name: [m.required], sender_email: [m.email], support_email: [m.required] });
    const body = { sender_name: 'VR Partners', sender_email: 'partners@vr.example', reply_to: 'help@vr.example', footer_text: 'VR Partners, 1 Main St', support_email: 'desk@vr.example' };
    expect((await call('PUT', '/v1/settings/global-email', admin, body)).statusCode).toBe(200);
    const before = mail.messages.length;
    const contact = await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Visitor <b>', email: 'visitor@example.com', message: 'Hi' } });
    expect(contact.statusCode).toBe(200);
    const msg = await mail.waitFor('desk@vr.example', /^Contact Us: Visitor <b>/, before);
    expect(msg.raw).toMatch(/^From: "?VR Partners"? <partners@vr\.example>/m);
    expect(msg.text).toContain('VR Partners, 1 Main St');
    expect(msg.text).toContain('Visitor &lt;b&gt;');
  });
});

describe('Email notifications', () => {
  it('lists every optional email on, and a switched-off one is not sent', async () => {
    const current = (await call('GET', '/v1/settings/email-notifications', admin)).json().data;
    expect(current).toMatchObject({ contact_message: true, new_signup: true, payout_paid: true });
    expect((await call('PUT', '/v1/settings/email-notifications', admin, { ...current, contact_message: false })).statusCode).toBe(200);
    const before = mail.messages.length;
    await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Quiet', email: 'quiet@example.com', message: 'Hello' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.slice(before).filter((x) => /Contact Us: Quiet/.test(x.subject))).toHaveLength(0);
    await call('PUT', '/v1/settings/email-notifications', admin, { ...current, contact_message: true });
  });
});

describe('SEO', () => {
  it('saves each public page and the server sends it in that page’s HTML, escaped', async () => {
    const seo = (await call('GET', '/v1/settings/seo', admin)).json().data;
    expect(Object.keys(seo).sort()).toEqual(['home', 'privacy', 'sign-in', 'sign-up', 'terms']);
    const bad = await call('PUT', '/v1/settings/seo', admin, { ...seo, terms: { title: '', description: '', content: '' } });
    expect(bad.json().errors).toMatchObject({ 'terms.title': [m.required], 'terms.description': [m.required] });
    const next = { ...seo, terms: { title: 'Rules & <Terms>', description: 'The "fine" print', content: 'Read before you promote' }, 'sign-up': { title: 'Join the VR partners', description: 'Earn $& more, $1 a click', content: '' } };
    expect((await call('PUT', '/v1/settings/seo', admin, next)).statusCode).toBe(200);
    const terms = await t.app.inject({ method: 'GET', url: '/terms-and-conditions' });
    expect(terms.body).toContain('<title>Rules &amp; &lt;Terms&gt;</title>');
    expect(terms.body).toContain('<meta name="description" content="The &quot;fine&quot; print" />');
    expect(terms.body).toContain('<link rel="canonical" href="https://partners.example/terms-and-conditions" />');
    expect(terms.body).toContain('<p>Read before you promote</p>');
    const signUp = (await t.app.inject({ method: 'GET', url: '/signup?referred_by=3' })).body;
    expect(signUp).toContain('<title>Join the VR partners</title>');
    // Text that looks like a replacement pattern is shown as typed.
    expect(signUp).toContain('<meta name="description" content="Earn $&amp; more, $1 a click" />');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain(`<title>${seo.home.title.replace(/&/g, '&amp;')}</title>`);
  });
});

describe('Landing page images', () => {
  it('stores jpg/png checked by content, refuses others on the field, and the home page uses them at once', async () => {
    const start = (await call('GET', '/v1/settings/landing-page-images', admin)).json().data;
    expect(start.files.features_desktop).toBeNull();
    expect(start.images.features.desktop).toBe('/landing/features-desktop.svg');

    const bad = await call('PUT', '/v1/settings/landing-page-images', admin, form({}, { features_mobile: { name: 'fake.png', bytes: pdfBytes } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.features_mobile).toEqual(['The file does not meet the requirements']);
    const big = await call('PUT', '/v1/settings/landing-page-images', admin, form({}, { features_mobile: { name: 'big.png', bytes: pngOfSize(2 * 1048576 + 1) } }));
    expect(big.statusCode).toBe(422);

    const ok = await call('PUT', '/v1/settings/landing-page-images', admin, form({}, { features_desktop: { name: 'hero.png', bytes: tinyPng } }));
    expect(ok.statusCode).toBe(200);
    const file = ok.json().data.files.features_desktop;
    expect(file.url).toMatch(/^\/uploads\/.+\.png$/);
    const landing = (await t.app.inject({ method: 'GET', url: '/v1/landing' })).json().data;
    expect(landing.images.features.desktop).toBe(file.url);
    expect(landing.images.features.mobile).toBe('/landing/features-mobile.svg');
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);

    const reset = await call('PUT', '/v1/settings/landing-page-images', admin, form({ features_desktop_deleted: file.uuid }));
    expect(reset.json().data.images.features.desktop).toBe('/landing/features-desktop.svg');
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });
});

describe('Network details', () => {
  it('reads the default brand, refuses bad fields, and the saved name is the brand of the pages and the emails', async () => {
    expect((await call('GET', '/v1/settings/network-details', admin)).json().data).toEqual({ name: 'VR Affiliate Network', address: '', email: '', tax_id: '', invoice_footer: '', default_fallback_url: '' });
    const bad = await call('PUT', '/v1/settings/network-details', admin, { name: ' ', email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: [m.required], email: [m.email] });
    const body = { name: 'Partners <VR> & Co', address: '5 Harbour Road\nLimassol 3036, Cyprus', email: 'billing@vr.example', tax_id: 'CY10239876X', invoice_footer: 'Registered in Cyprus, HE 401234.' };
    const saved = await call('PUT', '/v1/settings/network-details', admin, body);
    expect(saved.json().data).toEqual({ ...body, default_fallback_url: '' });
    expect(await lastEvent()).toMatchObject({ objectId: 'network-details', after: body });
    const page = await t.app.inject({ method: 'GET', url: '/signin' });
    expect(page.body).toContain('<meta name="application-name" content="Partners &lt;VR&gt; &amp; Co" />');
    const rendered = await renderEmail({ db: t.app.db, config: t.app.config, mailer: t.app.mailer }, 'signup_approved', { name: 'Ann Lee', email: 'ann@example.com', link: 'https://partners.example/offers' });
    expect(rendered.html).toContain('Partners &lt;VR&gt; &amp; Co approved your sign-up');
  });
});

describe('The sender of mail', () => {
  it("follows the network's name: a sender name saved as the network's name is renamed with it", async () => {
    const network = (await call('GET', '/v1/settings/network-details', admin)).json().data;
    const global = (await call('GET', '/v1/settings/global-email', admin)).json().data;
    // Saved from the form as it was shown: the sender's name is the network's.
    expect((await call('PUT', '/v1/settings/global-email', admin, { ...global, sender_name: network.name, support_email: 'desk2@vr.example' })).statusCode).toBe(200);
    expect((await call('PUT', '/v1/settings/network-details', admin, { ...network, name: 'Nova Partners' })).statusCode).toBe(200);
    expect((await call('GET', '/v1/settings/global-email', admin)).json().data.sender_name).toBe('Nova Partners');
    const before = mail.messages.length;
    await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Renamed', email: 'visitor@example.com', message: 'Hi' } });
    const msg = await mail.waitFor('desk2@vr.example', /^Contact Us: Renamed/, before);
    expect(msg.raw).toMatch(/^From: "?Nova Partners"? </m);
    // A sender name of its own is kept through a rename.
    await call('PUT', '/v1/settings/global-email', admin, { ...global, sender_name: 'Payments desk', support_email: 'desk2@vr.example' });
    await call('PUT', '/v1/settings/network-details', admin, { ...network, name: 'Nova Partners II' });
    expect((await call('GET', '/v1/settings/global-email', admin)).json().data.sender_name).toBe('Payments desk');
    await call('PUT', '/v1/settings/network-details', admin, network);
  });

  it("is the network's name by default, whatever name MAIL_FROM carries", () => {
    expect(defaultGlobalEmail({ mailFrom: 'Affiliate Portal <no-reply@vr.example>', supportEmail: 's@vr.example' }, 'Nova Partners')).toMatchObject({ sender_name: 'Nova Partners', sender_email: 'no-reply@vr.example' });
    expect(defaultGlobalEmail({ mailFrom: 'no-reply@vr.example', supportEmail: 's@vr.example' }, 'Nova Partners')).toMatchObject({ sender_name: 'Nova Partners', sender_email: 'no-reply@vr.example' });
  });
});

describe('Maintenance', () => {
  it('turns on with staff still able to work, and off again, recorded with before and after', async () => {
    expect((await call('PUT', '/v1/settings/maintenance', admin, { enabled: true })).statusCode).toBe(200);
    expect((await call('GET', '/v1/dashboard/notice', affiliate)).statusCode).toBe(503);
    expect((await call('GET', '/v1/settings/seo', admin)).statusCode).toBe(200);
    expect((await call('PUT', '/v1/settings/maintenance', admin, { enabled: false })).statusCode).toBe(200);
    const [event] = await t.app.db.select().from(events).where(eq(events.type, 'settings.maintenance')).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });
});
