import { emailTemplateMessages, emailTypes } from '@portal/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import { defaultTemplates } from '../src/modules/email/defaults.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn, uniqueEmail } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let admin: Tokens;
let adminEmail: string;
let affiliate: Tokens;
let affiliateId: number;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const s = await createStaff(t.app, ['settings']);
  adminEmail = s.email;
  const a = await createAffiliate(t.app);
  affiliateId = a.id;
  [admin, affiliate] = await Promise.all([signIn(t.app, mail, s.email, s.password), signIn(t.app, mail, a.email, a.password)]);
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who?: Tokens, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

describe('email templates', () => {
  it('are staff-with-settings only', async () => {
    expect((await call('GET', '/v1/email-templates')).statusCode).toBe(401);
    expect((await call('GET', '/v1/email-templates', affiliate)).statusCode).toBe(403);
    expect((await call('PUT', '/v1/email-templates/activation', affiliate, { subject: 'x', body: 'y' })).statusCode).toBe(403);
    expect((await call('POST', '/v1/email-templates/activation/test', affiliate, {})).statusCode).toBe(403);
  });

  it('lists every type with its default, variables and whether it can be switched off', async () => {
    const list = (await call('GET', '/v1/email-templates', admin)).json().data as Array<{ type: string; subject: string; variables: string[]; is_custom: boolean }>;
    expect(list.map((x) => x.type)).toEqual(emailTypes);
    for (const item of list) {
      expect(item.is_custom).toBe(false);
      expect(item.subject).toBe(defaultTemplates[item.type as keyof typeof defaultTemplates].subject);
      expect(item.variables).toContain('site_name');
    }
    expect(list.find((x) => x.type === 'payout_paid')?.variables).toContain('amount');
  });

  it('every default names only its own variables', async () => {
    for (const type of emailTypes) {
      const res = await call('POST', `/v1/email-templates/${type}/preview`, admin, { ...defaultTemplates[type], affiliate_id: affiliateId });
      expect({ type, status: res.statusCode }).toEqual({ type, status: 200 });
      expect(res.json().data.html).not.toMatch(/\{\{/);
    }
  });

  it('refuses an unknown variable on its field (422), and an unknown type is 404', async () => {
    const res = await call('PUT', '/v1/email-templates/payout_paid', admin, { subject: 'Paid {{amount}} {{bogus}}', body: '<p>{{code}}</p>' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subject).toEqual([emailTemplateMessages.unknownVariable(['bogus'])]);
    expect(res.json().errors.body).toEqual([emailTemplateMessages.unknownVariable(['code'])]);
    expect((await call('PUT', '/v1/email-templates/nope', admin, { subject: 'x', body: 'y' })).statusCode).toBe(404);
    const blank = await call('PUT', '/v1/email-templates/payout_paid', admin, { subject: '', body: '' });
    expect(blank.json().errors).toMatchObject({ subject: ['This field is required'], body: ['This field is required'] });
  });

  it('sanitises the body, keeps {{link}} links, and escapes the values it fills in', async () => {
    const body = '<p onclick="x()">Hi {{first_name}}<script>alert(1)</script></p><p><a href="{{link}}">Go</a> <a href="javascript:alert(1)">bad</a></p>';
    const res = await call('PUT', '/v1/email-templates/activation', admin, { subject: 'Welcome {{first_name}}', body });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.is_custom).toBe(true);
    expect(saved.body).not.toMatch(/script|onclick|javascript/);
    expect(saved.body).toContain('href="{{link}}"');

    const before = mail.messages.length;
    const email = uniqueEmail('tmpl');
    const reg = await t.app.inject({ method: 'POST', url: '/v1/register', payload: { first_name: '<i>Eve</i> Bold', email, password: 'a-long-password-1', password_confirmation: 'a-long-password-1', accept_terms: true } });
    expect(reg.statusCode).toBeLessThan(300);
    const msg = await mail.waitFor(email, /^Welcome <i>Eve/, before);
    expect(msg.subject).toBe('Welcome <i>Eve</i>');
    expect(msg.text).toContain('Hi &lt;i&gt;Eve&lt;/i&gt;');
    expect(MailCatcher.link(msg, '/activate-account').searchParams.get('token')).toBeTruthy();

    const [event] = await t.app.db.select().from(events).where(eq(events.type, 'email_template.updated')).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ objectId: 'activation', before: { subject: 'Activate your affiliate account' }, after: { subject: 'Welcome {{first_name}}' } });
  });

  it('previews with a chosen affiliate’s data', async () => {
    const res = await call('POST', '/v1/email-templates/payout_paid/preview', admin, { subject: 'Paid {{amount}} to {{name}}', body: '<p>{{email}}</p>', affiliate_id: affiliateId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subject).toMatch(/^Paid \$1,250\.00 to /);
    expect(res.json().data.html).toContain('@example.com');
    expect((await call('POST', '/v1/email-templates/payout_paid/preview', admin, { subject: 'x', body: 'y', affiliate_id: 999999 })).statusCode).toBe(404);
  });

  it('sends a test to the signed-in staff member through SMTP, with the rendered subject', async () => {
    await call('PUT', '/v1/email-templates/payout_paid', admin, { subject: 'Test: {{amount}} for {{first_name}}', body: '<p>Paid by {{method}}</p>' });
    const before = mail.messages.length;
    const res = await call('POST', '/v1/email-templates/payout_paid/test', admin, { affiliate_id: affiliateId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(emailTemplateMessages.testSent(adminEmail));
    const msg = await mail.waitFor(adminEmail, /^Test: \$1,250\.00 for /, before);
    expect(msg.text).toContain('Paid by Wire transfer (IBAN)');
  });

  it('sends the draft being edited when the request carries it, checked as a save is and never stored', async () => {
    const saved = (await call('GET', '/v1/email-templates', admin)).json().data.find((x: { type: string }) => x.type === 'payout_paid');
    const before = mail.messages.length;
    const res = await call('POST', '/v1/email-templates/payout_paid/test', admin, {
      subject: 'Draft: {{amount}}',
      body: '<p>Draft for {{first_name}}</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      affiliate_id: affiliateId,
    });
    expect(res.statusCode).toBe(200);
    const msg = await mail.waitFor(adminEmail, /^Draft: \$1,250\.00$/, before);
    expect(msg.text).toContain('Draft for Test');
    expect(msg.text).not.toContain('<script>');
    expect(msg.text).not.toContain('onerror');
    // The saved template is as it was.
    expect((await call('GET', '/v1/email-templates', admin)).json().data.find((x: { type: string }) => x.type === 'payout_paid')).toEqual(saved);
    // Unknown variables and a missing field are refused like a save.
    const unknown = await call('POST', '/v1/email-templates/payout_paid/test', admin, { subject: 'Hi {{password}}', body: '<p>x</p>' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.subject).toEqual([emailTemplateMessages.unknownVariable(['password'])]);
    const missing = await call('POST', '/v1/email-templates/payout_paid/test', admin, { subject: 'Only a subject' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.body).toEqual(['This field is required']);
    const blank = await call('POST', '/v1/email-templates/payout_paid/test', admin, { subject: '', body: '<p>x</p>' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.subject).toEqual(['This field is required']);
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.slice(before).filter((m) => m.to.includes(adminEmail))).toHaveLength(1);
  });

  it('resets to the default', async () => {
    const res = await call('POST', '/v1/email-templates/payout_paid/reset', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_custom: false, subject: defaultTemplates.payout_paid.subject });
  });
});
