import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { createAffiliate, signIn } from './support/users.ts';

let t: TestApp;
const mail = new MailCatcher();
let base: string;
let link: { url: string; code: string };
let offerId: number;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const a = await createAffiliate(t.app);
  const [owner, affiliate] = await Promise.all([signIn(t.app, mail, 'owner@example.com', 'owner-password-1'), signIn(t.app, mail, a.email, a.password)]);
  const cat = await createCatalogue(t.app, owner, { name: 'rawpath', payoutType: 'cpa', payout: 5, goal: 'sale' });
  offerId = cat.offerId;
  link = await trackingLink(t.app, affiliate, cat.offerId);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const visit = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init, headers: { 'user-agent': UA, ...(init.headers as Record<string, string>) } });
/** The click id the destination receives (`cid`, or the site's own parameter name). */
const cidOf = (res: Response) => {
  const to = new URL(res.headers.get('location')!);
  return to.searchParams.get('ref') ?? to.searchParams.get('cid') ?? '';
};
const stored = async (cid: string) => (await t.app.db.select().from(clicks).where(eq(clicks.cid, cid)))[0];

describe('a click over HTTP (served by the server before the framework)', () => {
  it('redirects with a click id, stores the sub IDs as the route would, and counts a visitor the same on both paths', async () => {
    const res = await visit(`/t/${link.code}/?sub1=%20banner%00top%20&sub2=a&sub2=b&sub3=${'x'.repeat(300)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const cid = cidOf(res);
    const row = await stored(cid);
    // Trimmed, without the NUL; a repeated key is no value; at most 255 characters.
    expect(row).toMatchObject({ offerId, sub1: 'bannertop', sub2: null, sub3: 'x'.repeat(255), isUnique: true, isBot: false });
    // The same visitor (address and browser) through the framework's route: a repeat, not unique.
    const again = await click(t.app, link.url, { ua: UA, ip: '127.0.0.1' });
    expect(again.status).toBe(302);
    expect(await stored(again.cid!)).toMatchObject({ visitorHash: row!.visitorHash, isUnique: false });
  });

  it('answers HEAD as a bot, an unknown code with the 404 page, and leaves other methods to the framework', async () => {
    const head = await visit(`/t/${link.code}`, { method: 'HEAD' });
    expect(head.status).toBe(302);
    const cid = cidOf(head);
    expect(await stored(cid)).toMatchObject({ isBot: true, isUnique: false });
    const missing = await visit('/t/nosuchcode');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await missing.text()).toContain('<h1>Link not found</h1>');
    const malformed = await visit('/t/a!');
    expect(malformed.status).toBe(404);
    expect((await visit(`/t/${link.code}`, { method: 'POST' })).status).toBe(404);
  });
});
