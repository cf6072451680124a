import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, jobs } from '../src/db/schema/index.ts';
import { DATACENTER_JOB, datacenterJob, refreshDatacenterList } from '../src/modules/fraud/datacenter-refresh.ts';
import { AddressRanges, shippedDatacenterRanges } from '../src/modules/fraud/datacenter.ts';
import { statsDay } from '../src/lib/days.ts';
import { buildApp } from '../src/app.ts';
import { type TestApp, testConfig } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, BOT_UA, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, cpa: Catalogue;
const today = () => statsDay(new Date());
const stored = async (cid: string) => (await t.app.db.select().from(clicks).where(eq(clicks.cid, cid)))[0]!;
/** A link of alice's of its own (a deep link per name), so repeats on other tests' links do not mix in. */
const linkNamed = (name: string) => trackingLink(t.app, alice, cpa.offerId, { deep_url: `https://novavr.example/${name}`, sub1: name });
const settings = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/v1/settings/click-screening', headers: bearer(staff), payload });
const defaults = { actions: { bot: 'accept', datacenter: 'accept', repeat: 'accept', burst: 'accept' }, repeat_window_seconds: 30, burst_clicks: 20, burst_window_seconds: 60 };
const report = async (sub1: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${today()}&to=${today()}&sub1=${sub1}`, headers: bearer(alice) })).json().data[0];

beforeAll(async () => {
  ({ t, staff, alice, catalogues: { cpa } } = await appWithCatalogues(mail, ['offers', 'statistics', 'settings', 'fraud'], { cpa: { name: 'novavr', payoutType: 'cpa', payout: 5, goal: 'signup' } }));
});
afterAll(() => closeAppWithMail(t, mail));

describe('click screening', () => {
  it('answers a known bot as usual, stores it with its reason, never as unique, and statistics show it', async () => {
    const link = await linkNamed('bots');
    const bot = await click(t.app, link.url, { ip: '81.2.80.1', ua: BOT_UA });
    expect(bot.status).toBe(302);
    expect(bot.location?.href).toContain('https://novavr.example/bots');
    expect(await stored(bot.cid!)).toMatchObject({ invalidReason: 'bot', isBot: true, isUnique: false });
    const human = await click(t.app, link.url, { ip: '81.2.80.2' });
    expect(await stored(human.cid!)).toMatchObject({ invalidReason: null, isUnique: true });
    await t.app.clickWriter.drain();
    expect(await report('bots')).toMatchObject({ clicks: 2, unique_clicks: 1, valid_clicks: 1, invalid_clicks: 1, invalid_by_reason: { bot: 1, datacenter: 0, repeat: 0, burst: 0 } });
  });

  it('flags an address in a data centre (the shipped list), and matches ranges by binary search', async () => {
    const ranges = shippedDatacenterRanges();
    expect(ranges.size).toBeGreaterThan(10_000);
    // 1.12.0.0/14 is the list's first range; a home address (GB broadband) is not in it.
    expect(ranges.has('1.12.0.5')).toBe(true);
    expect(ranges.has('1.15.255.255')).toBe(true);
    expect(ranges.has('::ffff:1.12.3.4')).toBe(true);
    expect(ranges.has('81.2.69.160')).toBe(false);
    expect(ranges.has('not an address')).toBe(false);
    const link = await linkNamed('datacentre');
    const visit = await click(t.app, link.url, { ip: '1.12.0.5' });
    expect(visit.status).toBe(302);
    expect(await stored(visit.cid!)).toMatchObject({ invalidReason: 'datacenter', isUnique: false, isBot: false });
  });

  it('flags the same visitor again on the same link within the repeat window, not on another link', async () => {
    const link = await linkNamed('repeat');
    const other = await linkNamed('repeat-other');
    const first = await click(t.app, link.url, { ip: '81.2.81.1' });
    const again = await click(t.app, link.url, { ip: '81.2.81.1' });
    const elsewhere = await click(t.app, other.url, { ip: '81.2.81.1' });
    const someoneElse = await click(t.app, link.url, { ip: '81.2.81.2' });
    expect(await stored(first.cid!)).toMatchObject({ invalidReason: null, isUnique: true });
    expect(await stored(again.cid!)).toMatchObject({ invalidReason: 'repeat', isUnique: false });
    expect(again.location?.href).toContain('https://novavr.example/repeat');
    expect((await stored(elsewhere.cid!)).invalidReason).toBeNull();
    expect((await stored(someoneElse.cid!)).invalidReason).toBeNull();
  });

  it('flags a burst: more clicks from one visitor than the limit within its window, whatever the link', async () => {
    expect((await settings({ ...defaults, burst_clicks: 3 })).statusCode).toBe(200);
    const reasons = [];
    for (const name of ['burst-a', 'burst-b', 'burst-c', 'burst-d', 'burst-e']) {
      const visit = await click(t.app, (await linkNamed(name)).url, { ip: '81.2.82.1' });
      reasons.push((await stored(visit.cid!)).invalidReason);
    }
    expect(reasons).toEqual([null, null, null, 'burst', 'burst']);
    await settings(defaults);
  });

  it('diverts an invalid reason to the fallback when staff say so; the click is stored with its reason', async () => {
    const saved = await settings({ ...defaults, actions: { ...defaults.actions, bot: 'fallback' } });
    expect(saved.json().data.actions.bot).toBe('fallback');
    const link = await linkNamed('divert');
    const bot = await click(t.app, link.url, { ip: '81.2.83.1', ua: BOT_UA });
    expect(bot.status).toBe(302);
    expect(bot.location?.href).toBe('https://novavr.example/');
    expect(bot.location?.searchParams.has('cid')).toBe(false);
    const rows = await t.app.db.select().from(clicks).where(eq(clicks.sub1, 'divert'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ invalidReason: 'bot', isUnique: false });
    // Other reasons still go to the offer.
    const dc = await click(t.app, link.url, { ip: '1.12.0.9' });
    expect(dc.location?.href).toContain('https://novavr.example/divert');
    await settings(defaults);
  });

  it('by default accepts a conversion on an invalid click; its click keeps the reason a conversion rule can read', async () => {
    const link = await linkNamed('convert');
    const visit = await click(t.app, link.url, { ip: '1.12.0.10' });
    const sale = await convert(t.app, cpa.apiKey, { cid: visit.cid, type: 'signup', transaction_id: 'DC-SIGNUP-1' });
    expect(sale.json().data.status).toBe('accepted');
    expect((await stored(visit.cid!)).invalidReason).toBe('datacenter');
  });

  it('lets staff with settings read and save the settings, checked; affiliates cannot', async () => {
    const got = await t.app.inject({ method: 'GET', url: '/v1/settings/click-screening', headers: bearer(staff) });
    expect(got.json().data).toEqual(defaults);
    const bad = await settings({ ...defaults, actions: { ...defaults.actions, repeat: 'drop' }, burst_clicks: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.burst_clicks).toEqual(['This field must be a whole number from 2 to 10000']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/settings/click-screening', headers: bearer(alice) })).statusCode).toBe(403);
  });

  it("shows staff with fraud each affiliate's invalid clicks by reason, adding up to the stored clicks; affiliates cannot read it", async () => {
    await t.app.clickWriter.drain();
    const counted = await t.app.db.execute(
      sql`select c.affiliate_id, count(*)::int as clicks, count(*) filter (where c.invalid_reason = 'bot')::int as bot,
            count(*) filter (where c.invalid_reason = 'datacenter')::int as datacenter, count(*) filter (where c.invalid_reason = 'repeat')::int as repeat,
            count(*) filter (where c.invalid_reason = 'burst')::int as burst
          from clicks c where c.day = ${today()} group by c.affiliate_id`,
    );
    const expected = (counted as unknown as { rows: Array<{ affiliate_id: number; clicks: number; bot: number; datacenter: number; repeat: number; burst: number }> }).rows;
    expect(expected.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/v1/fraud/invalid-clicks?days=1', headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<{ affiliate: { id: number }; clicks: number; invalid: number; bot: number; datacenter: number; repeat: number; burst: number }>;
    for (const e of expected) {
      const row = list.find((r) => r.affiliate.id === e.affiliate_id)!;
      expect(row).toMatchObject({ clicks: e.clicks, bot: e.bot, datacenter: e.datacenter, repeat: e.repeat, burst: e.burst, invalid: e.bot + e.datacenter + e.repeat + e.burst });
      // Every reason this file provoked is there.
      expect(Math.min(row.bot, row.datacenter, row.repeat, row.burst)).toBeGreaterThan(0);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/v1/fraud/invalid-clicks?days=5', headers: bearer(staff) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.days).toEqual(['This field is invalid']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/fraud/invalid-clicks', headers: bearer(alice) })).statusCode).toBe(403);
  });
});

describe('the data-centre list refresh', () => {
  let server: Server;
  let body = '';
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/list.txt') res.end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // 150 ranges in 198.18.0.0/15 (benchmark addresses), one /24 each, and one in TEST-NET-3.
  const list = () => [...Array.from({ length: 150 }, (_, i) => `198.18.${i}.0/24`), '203.0.113.0/24', ''].join('\n');

  it('loads a list from the configured address, and the redirect uses it at once', async () => {
    body = list();
    const link = await linkNamed('refresh');
    expect((await stored((await click(t.app, link.url, { ip: '203.0.113.7' })).cid!)).invalidReason).toBeNull();
    const job = datacenterJob(t.app.db, `${base}/list.txt`, (ranges) => (t.app.clickScreen.datacenter = ranges), t.app.log);
    await job.handle({}, { id: 0, kind: DATACENTER_JOB, attempt: 1, final: true });
    expect(t.app.clickScreen.datacenter.has('203.0.113.7')).toBe(true);
    expect(t.app.clickScreen.datacenter.has('198.18.149.1')).toBe(true);
    expect((await stored((await click(t.app, link.url, { ip: '203.0.113.8' })).cid!)).invalidReason).toBe('datacenter');
    // The next refresh is queued for a day later.
    const next = await t.app.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.kind, DATACENTER_JOB));
    expect(next.some((j) => j.runAt.getTime() > Date.now() + 23 * 3600_000)).toBe(true);
  });

  it('an instance starting on a database that holds a loaded list starts, and screens with that list', { timeout: 180_000 }, async () => {
    body = list();
    const config = { ...testConfig(), database: { kind: 'pglite' as const, dir: mkdtempSync(join(tmpdir(), 'pglite-datacenter-')) } };
    const first = await buildApp(config);
    expect((await refreshDatacenterList(first.db, `${base}/list.txt`)).ok).toBe(true);
    await first.close();
    const next = await buildApp(config);
    try {
      expect(next.clickScreen.datacenter.has('203.0.113.7')).toBe(true);
    } finally {
      await next.close();
    }
  });

  it('keeps the last list when the download fails or is not a list', async () => {
    expect(await refreshDatacenterList(t.app.db, `${base}/missing.txt`)).toMatchObject({ ok: false, error: 'HTTP 404' });
    body = '<html>Rate limited</html>\n';
    expect((await refreshDatacenterList(t.app.db, `${base}/list.txt`)).ok).toBe(false);
    expect(t.app.clickScreen.datacenter.has('203.0.113.7')).toBe(true);
  });

  it('merges overlapping ranges and ignores comments', () => {
    const { ranges, bad } = AddressRanges.parse('# comment\n10.0.0.0/8\n10.1.0.0/16\n11.0.0.1\nnonsense\n');
    expect(bad).toBe(1);
    expect(ranges.size).toBe(2);
    expect(ranges.has('11.0.0.1')).toBe(true);
    expect(ranges.has('11.0.0.2')).toBe(false);
  });
});
