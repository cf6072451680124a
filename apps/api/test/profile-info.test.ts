import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEntry } from '../src/modules/ledger/entries.ts';
import type { TestApp } from './helpers.ts';
import { form, pdfBytes, pngOfSize, tinyPng } from './support/files.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail } from './support/people.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let alice: { id: number; email: string };
let aliceTokens: Tokens;
let bobTokens: Tokens;
let manager: Tokens;
let managerId: number;
let noAffiliates: Tokens;

beforeAll(async () => {
  const { t: app, people } = await appWithPeople(mail, { alice: 'affiliate', bob: 'affiliate', manager: ['affiliates'], noAffiliates: ['statistics', 'settings'] });
  t = app;
  alice = people.alice;
  managerId = people.manager.id;
  manager = people.manager.tokens;
  aliceTokens = people.alice.tokens;
  bobTokens = people.bob.tokens;
  noAffiliates = people.noAffiliates.tokens;
});
afterAll(() => closeAppWithMail(t, mail));

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who?: Tokens, payload?: object) => t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
const ofAlice = () => `?user_id=${alice.id}`;

describe('profile info', () => {
  it('saves the SPEC affiliate fields with "Profile saved successfully!", checked with SPEC section 5 messages', async () => {
    const bad = await call('POST', '/v1/user/profile', aliceTokens, { first_name: ' ', website: 'not a site', country: 'Narnia' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ first_name: ['This field is required'], website: ['This field must be a url.'], country: ['This field is invalid'] });
    const ok = await call('POST', '/v1/user/profile?include=manager,sites', aliceTokens, {
      first_name: 'Alice Walker',
      company: 'VR Media',
      address: '1 Main St',
      city: 'Austin',
      postal_code: '73301',
      country: 'US',
      phone: '+1 555 0100',
      chat_id: '@alice',
      website: 'https://alice.example.com',
      traffic_sources: 'SEO',
      methods: ['website'],
      hear_about: 'A friend',
      remove_splash_screen: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Profile saved successfully!');
    expect(ok.json().data).toMatchObject({ name: 'Alice Walker', company: 'VR Media', country: 'US', remove_splash_screen: true, info_review: { status: 'pending', reject_reason: null } });
    expect(ok.json().data.issues.info).toEqual([]);
  });

  it("is the affiliate's own: another affiliate gets 404, staff without affiliates 403, anonymous 401", async () => {
    expect((await call('GET', `/v1/user/profile${ofAlice()}`)).statusCode).toBe(401);
    expect((await call('GET', `/v1/user/profile${ofAlice()}`, bobTokens)).statusCode).toBe(404);
    expect((await call('POST', `/v1/user/profile${ofAlice()}`, bobTokens, { company: 'Hijacked' })).statusCode).toBe(404);
    expect((await call('GET', `/v1/user/profile${ofAlice()}`, noAffiliates)).statusCode).toBe(403);
    expect((await call('POST', `/v1/user/profile${ofAlice()}`, noAffiliates, { company: 'Nope' })).statusCode).toBe(403);
    expect((await call('GET', '/v1/user/profile', aliceTokens)).json().data.company).toBe('VR Media');
  });

  it('staff with affiliates read and edit it (Affiliate Details), never its sign-in settings', async () => {
    const read = await call('GET', `/v1/user/profile${ofAlice()}&include=manager`, manager);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: alice.id, company: 'VR Media' });
    const saved = await call('POST', `/v1/user/profile${ofAlice()}`, manager, { city: 'Dallas', two_step_enabled: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ city: 'Dallas', two_step_enabled: false });
    expect((await call('GET', '/v1/user/profile', aliceTokens)).json().data.city).toBe('Dallas');
  });

  it('staff keep only name, email and avatar in their own profile', async () => {
    const res = await call('POST', '/v1/user/profile', manager, { first_name: 'Morgan Manager', company: 'Ignored' });
    expect(res.json().data).toMatchObject({ name: 'Morgan Manager', company: '', info_review: null });
  });
});

describe('avatar', () => {
  const upload = (who: Tokens | undefined, file: { name: string; bytes: Buffer; type?: string }, query = '') =>
    t.app.inject({ method: 'POST', url: `/v1/user/avatar${query}`, headers: who ? bearer(who) : {}, payload: form({}, { avatar: file }) });

  it('takes an image checked by its content, and shows the initials again once removed', async () => {
    expect((await upload(undefined, { name: 'me.png', bytes: tinyPng })).statusCode).toBe(401);
    const ok = await upload(aliceTokens, { name: 'me.png', bytes: tinyPng, type: 'image/png' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.avatar.url).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: ok.json().data.avatar.url });
    expect(served.statusCode).toBe(200);

    const notImage = await upload(aliceTokens, { name: 'me.png', bytes: pdfBytes, type: 'image/png' });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors).toEqual({ avatar: ['The file does not meet the requirements'] });
    const tooBig = await upload(aliceTokens, { name: 'big.png', bytes: pngOfSize(2 * 1024 * 1024 + 1), type: 'image/png' });
    expect(tooBig.statusCode).toBe(422);
    // The failed uploads left the avatar as it was.
    expect((await call('GET', '/v1/user/profile', aliceTokens)).json().data.avatar).toEqual(ok.json().data.avatar);

    expect((await upload(bobTokens, { name: 'x.png', bytes: tinyPng }, ofAlice())).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/user/avatar${ofAlice()}`, bobTokens)).statusCode).toBe(404);
    expect((await call('DELETE', '/v1/user/avatar', aliceTokens)).json().data.avatar).toBeNull();
    expect((await upload(manager, { name: 'staff.png', bytes: tinyPng })).json().data.avatar.url).toMatch(/^\/uploads\//);
  });
});

describe('profile info review', () => {
  const approve = (who?: Tokens, id = alice.id) => call('POST', `/v2/affiliates/${id}/approve-profile-info`, who);
  const reject = (who: Tokens | undefined, reason: string, id = alice.id) => call('POST', `/v2/affiliates/${id}/reject-profile-info`, who, { reject_reason: reason });

  it('is for staff with affiliates only', async () => {
    expect((await approve()).statusCode).toBe(401);
    expect((await approve(aliceTokens)).statusCode).toBe(403);
    expect((await reject(bobTokens, 'x')).statusCode).toBe(403);
    expect((await approve(noAffiliates)).statusCode).toBe(403);
    expect((await approve(manager, 999999)).statusCode).toBe(404);
    const blank = await reject(manager, '  ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reject_reason).toEqual(['This field is required']);
  });

  it('rejects with a reason the affiliate reads, who fixes the details and appeals; staff see the appeal, then approve', async () => {
    expect((await call('POST', '/v1/user/profile/appeal', aliceTokens, { message: 'Fixed' })).statusCode).toBe(409);
    const rejected = await reject(manager, 'The company name does not match your tax form.');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reject_reason: 'The company name does not match your tax form.' });
    expect((await call('GET', '/v1/user/profile', aliceTokens)).json().data.info_review).toMatchObject({ status: 'rejected', reject_reason: 'The company name does not match your tax form.' });

    expect((await call('POST', '/v1/user/profile/appeal', manager, { message: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/v1/user/profile/appeal', aliceTokens, { message: '' })).json().errors.message).toEqual(['This field is required']);
    await call('POST', '/v1/user/profile', aliceTokens, { company: 'VR Media LLC' });
    const appeal = await call('POST', '/v1/user/profile/appeal', aliceTokens, { message: 'Company name now matches the W-9.' });
    expect(appeal.statusCode).toBe(200);
    expect(appeal.json().message).toBe('The appeal has been sent');
    // Bob's profile is untouched by Alice's review.
    expect((await call('GET', '/v1/user/profile', bobTokens)).json().data.info_review.status).toBe('pending');

    const seen = (await call('GET', `/v1/user/profile${ofAlice()}`, manager)).json().data.info_review;
    expect(seen).toMatchObject({ status: 'pending', appeal_message: 'Company name now matches the W-9.', reject_reason: null });
    expect(seen.appealed_at).not.toBeNull();
    expect((await approve(manager)).json().data.status).toBe('approved');
  });
});

describe('profile info rejection email', () => {
  it('emails the affiliate the reason, escaped, with a link to the details to correct', async () => {
    const before = mail.messages.length;
    const res = await call('POST', `/v2/affiliates/${alice.id}/reject-profile-info`, manager, { reject_reason: 'Company <b>"ACME"</b> & <script>x</script> does not match' });
    expect(res.statusCode).toBe(200);
    const message = await mail.waitFor(alice.email, /correct your profile details/i, before);
    // The HTML part carries the reason as text, never as markup (the plain-text part has it as typed).
    const html = message.text.slice(message.text.indexOf('<!doctype'));
    expect(html).toContain('<p>Reason: Company &lt;b&gt;&quot;ACME&quot;&lt;/b&gt; &amp; &lt;script&gt;x&lt;/script&gt; does not match</p>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(MailCatcher.link(message, '/profile').searchParams.get('tab')).toBe('info');
    // Bob got nothing about Alice's details.
    expect(mail.messages.slice(before).filter((m) => /correct your profile/i.test(m.subject)).flatMap((m) => m.to)).toEqual([alice.email]);
  });
});

describe('affiliate summary', () => {
  it("sums the ledger's balance and earnings and the statistics' clicks and conversions, for staff with affiliates", async () => {
    await appendEntry(t.app.db, { affiliateId: alice.id, kind: 'bonus', amountCents: 2500, reason: 'Welcome', createdBy: managerId });
    expect((await call('GET', `/v1/affiliates/${alice.id}/summary`)).statusCode).toBe(401);
    expect((await call('GET', `/v1/affiliates/${alice.id}/summary`, aliceTokens)).statusCode).toBe(403);
    expect((await call('GET', `/v1/affiliates/${alice.id}/summary`, noAffiliates)).statusCode).toBe(403);
    expect((await call('GET', '/v1/affiliates/999999/summary', manager)).statusCode).toBe(404);
    const res = await call('GET', `/v1/affiliates/${alice.id}/summary`, manager);
    expect(res.json().data).toEqual({ balance: 25, lifetime_earnings: 25, clicks: 0, conversions: 0, shared_details: [] });
  });
});

describe('billing in Affiliate Details', () => {
  it('staff with affiliates read an affiliate\'s billing details; another affiliate gets 404, other staff 403', async () => {
    expect((await call('GET', `/v1/user/billing${ofAlice()}`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/v1/user/billing${ofAlice()}`, bobTokens)).statusCode).toBe(404);
    expect((await call('GET', `/v1/user/billing${ofAlice()}`, noAffiliates)).statusCode).toBe(403);
    expect((await call('GET', '/v1/user/billing', manager)).statusCode).toBe(403);
    expect((await call('GET', '/v1/user/billing', aliceTokens)).statusCode).toBe(200);
  });
});
