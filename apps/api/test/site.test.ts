import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contactMessages } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages as contactTable } from '../src/db/schema/index.ts';
import { putSetting } from '../src/modules/settings/service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

let t: TestApp;
const mail = new MailCatcher();

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Default</title>\n<meta name="description" content="Default description" />\n</head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ SMTP_URL: await mail.start(), SUPPORT_EMAIL: 'support@network.example', WEB_DIST: dist, PUBLIC_URL: 'https://partners.example' });
  await putSetting(t.app.db, 'seo', { title: 'Best VR Partner Program & More', description: 'Earn with "premium" VR sites.' });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

describe('search engines and social previews', () => {
  it('puts the title, description and social tags into the HTML the server sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Best VR Partner Program &amp; More</title>');
    expect(res.body).toContain('<meta name="description" content="Earn with &quot;premium&quot; VR sites." />');
    expect(res.body).toContain('<meta property="og:title" content="Best VR Partner Program &amp; More" />');
    expect(res.body).toContain('<meta property="og:image" content="https://partners.example/og-image.png" />');
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(res.body).not.toContain('Default description');
  });

  it('gives the home page its SEO and section images', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/landing' });
    expect(res.statusCode).toBe(200);
    const { seo, images } = res.json().data;
    expect(seo.title).toBe('Best VR Partner Program & More');
    expect(seo.content).toMatch(/VR/);
    expect(images.programs).toEqual({ desktop: '/landing/programs-desktop.svg', mobile: '/landing/programs-mobile.svg' });
  });
});

describe('contact us', () => {
  it('stores a visitor message and emails it to support with the sender as reply-to', async () => {
    const before = mail.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Sam Visitor', email: 'sam@example.com', message: 'How do rebills pay?' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(contactMessages.sent);
    const msg = await mail.waitFor('support@network.example', /Contact Us: Sam Visitor/, before);
    expect(msg.raw).toMatch(/Reply-To: sam@example.com/i);
    expect(msg.text).toContain('How do rebills pay?');
    const rows = await t.app.db.select().from(contactTable);
    expect(rows.some((r) => r.email === 'sam@example.com' && r.userId === null)).toBe(true);
  });

  it('accepts affiliates and refuses staff', async () => {
    const a = await createAffiliate(t.app);
    const aTokens = await signIn(t.app, mail, a.email, a.password);
    const ok = await t.app.inject({ method: 'POST', url: '/v1/contact', headers: bearer(aTokens), payload: { name: 'Aff', email: a.email, message: 'Hi' } });
    expect(ok.statusCode).toBe(200);
    const s = await createStaff(t.app, ['dashboard']);
    const sTokens = await signIn(t.app, mail, s.email, s.password);
    const no = await t.app.inject({ method: 'POST', url: '/v1/contact', headers: bearer(sTokens), payload: { name: 'Staff', email: s.email, message: 'Hi' } });
    expect(no.statusCode).toBe(403);
    expect(no.json().message).toBe(contactMessages.staffNotAllowed);
  });

  it('answers bad input with the field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: ' ', email: 'nope', message: '' }, remoteAddress: '10.3.0.1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['This field is required'], email: ['This field must be a email.'], message: ['This field is required'] });
  });

  it('limits messages per address', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Spam', email: 'spam@example.com', message: `m${i}` }, remoteAddress: '10.4.0.1' });
      expect(r.statusCode).toBe(200);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/v1/contact', payload: { name: 'Spam', email: 'spam@example.com', message: 'again' }, remoteAddress: '10.4.0.1' });
    expect(limited.statusCode).toBe(429);
  });
});
