import type { ConversionLogReply } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '../src/db/schema/index.ts';
import { statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp;
let staff: Tokens;
let alice: Tokens;
let bob: Tokens;
let aliceId: number;
let bobId: number;
let cpa: Catalogue;
let rev: Catalogue;
const today = statsDay(new Date());
const HOSTILE = '=HYPERLINK("http://evil.example","click")';
const ids: Record<string, number> = {};

async function sale(who: Tokens, cat: Catalogue, tx: string, amount: number, query = '', extra: Record<string, unknown> = {}) {
  const link = await trackingLink(t.app, who, cat.offerId);
  const visit = await click(t.app, `${link.url}${query}`, { ip: `81.2.70.${Object.keys(ids).length + 10}` });
  const res = await convert(t.app, cat.apiKey, { cid: visit.cid, type: 'sale', amount, transaction_id: tx, ...extra });
  expect(res.statusCode).toBe(200);
  ids[tx] = res.json().data.conversion_id;
  return visit.cid!;
}

const log = (who: Tokens, query: Record<string, string | number> = {}) =>
  t.app.inject({ method: 'GET', url: '/v1/conversion-log', headers: bearer(who), query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const rowsOf = async (who: Tokens, query: Record<string, string | number> = {}) => {
  const res = await log(who, query);
  expect(res.statusCode).toBe(200);
  return res.json() as ConversionLogReply;
};

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId, bobId, catalogues: { cpa, rev } } = await appWithCatalogues(mail, ['offers', 'statistics'], {
    cpa: { name: 'logcpa', payoutType: 'cpa', payout: 5 },
    rev: { name: 'logrev', payoutType: 'revshare', payout: 35 },
  }));
  const aliceCid = await sale(alice, rev, 'a-sale-1', 100, `?sub1=${encodeURIComponent(HOSTILE)}&sub2=alpha`);
  await sale(alice, cpa, 'a-sale-2', 20, '?sub1=plain');
  await sale(bob, cpa, 'b-sale-1', 30, '?sub1=plain&sub2=bob-only');
  const refund = await convert(t.app, rev.apiKey, { cid: aliceCid, type: 'refund', amount: 100, transaction_id: 'a-refund-1', original_transaction_id: 'a-sale-1' });
  ids['a-refund-1'] = refund.json().data.conversion_id;
  // The sale a refund took back is named on it (the refund path records it).
  await t.app.db.update(conversions).set({ reversesConversionId: ids['a-sale-1']! }).where(eq(conversions.id, ids['a-refund-1']!));
  const orphan = await convert(t.app, cpa.apiKey, { cid: 'no-such-click', type: 'sale', amount: 9, transaction_id: 'orphan-1' });
  ids['orphan-1'] = orphan.json().data.conversion_id;
  // Alice's click reported by another site: orphaned, and the click's details stay hers.
  const elsewhere = await convert(t.app, cpa.apiKey, { cid: aliceCid, type: 'sale', amount: 9, transaction_id: 'orphan-2' });
  ids['orphan-2'] = elsewhere.json().data.conversion_id;
});
afterAll(() => closeAppWithMail(t, mail));

describe('an affiliate', () => {
  it('sees their own conversions, newest first, with amount, earning, status and the click', async () => {
    const { data, meta } = await rowsOf(alice);
    expect(meta).toEqual({ total: 3, page: 1, per_page: 25 });
    expect(data.map((r) => r.transaction_id)).toEqual(['a-refund-1', 'a-sale-2', 'a-sale-1']);
    const first = data.find((r) => r.transaction_id === 'a-sale-1')!;
    // Earned 35.00, all of it taken back by the refund: the sale reads reversed and keeps what it
    // earned; the refund's row shows what it took back (a reversal counted once: the two add up to 0).
    expect(first).toMatchObject({ type: 'sale', amount: '100.00', currency: 'USD', usd_amount: 100, earning: 35, status: 'reversed', reason: 'Refunded in full', sub1: HOSTILE, sub2: 'alpha', device: 'desktop' });
    expect(first.site).toEqual({ id: rev.siteId, name: 'LOGREV' });
    expect(first.offer).toEqual({ id: rev.offerId, name: 'logrev revshare' });
    expect(first).not.toHaveProperty('affiliate');
    const refund = data.find((r) => r.transaction_id === 'a-refund-1')!;
    expect(refund).toMatchObject({ type: 'refund', earning: -35, reverses: { id: ids['a-sale-1'], transaction_id: 'a-sale-1' } });
    expect(data.find((r) => r.transaction_id === 'a-sale-2')!.earning).toBe(5);
  });

  it("never sees another affiliate's conversions, by filters or by affiliate_id", async () => {
    expect((await rowsOf(alice, { affiliate_id: bobId })).data.map((r) => r.transaction_id)).toEqual(['a-refund-1', 'a-sale-2', 'a-sale-1']);
    expect((await rowsOf(alice, { sub2: 'bob-only' })).meta.total).toBe(0);
    expect((await rowsOf(alice, { status: 'orphaned' })).meta.total).toBe(0);
    const plain = await rowsOf(alice, { sub1: 'plain' });
    expect(plain.data.map((r) => r.transaction_id)).toEqual(['a-sale-2']);
    const csv = await t.app.inject({ method: 'GET', url: `/v1/conversion-log.csv?affiliate_id=${bobId}`, headers: bearer(alice) });
    expect(csv.body).not.toContain('b-sale-1');
    expect(csv.body).not.toContain('orphan-1');
  });
});

describe('staff', () => {
  it('with statistics see every conversion with its affiliate, orphaned ones with their reason', async () => {
    const { data, meta } = await rowsOf(staff);
    expect(meta.total).toBe(6);
    const orphan = data.find((r) => r.transaction_id === 'orphan-1')!;
    expect(orphan).toMatchObject({ status: 'orphaned', reason: 'No click has this click id.', offer: null, affiliate: null, earning: 0, sub1: null, device: null });
    expect(data.find((r) => r.transaction_id === 'orphan-2')).toMatchObject({ status: 'orphaned', reason: 'The click belongs to another site.', affiliate: null, sub1: null, sub2: null, country: null });
    expect(data.find((r) => r.transaction_id === 'b-sale-1')!.affiliate).toMatchObject({ id: bobId });
    expect((await rowsOf(staff, { affiliate_id: aliceId })).data.every((r) => r.affiliate?.id === aliceId)).toBe(true);
  });

  it('filter by status, type, site, offer, sub ID and days', async () => {
    expect((await rowsOf(staff, { status: 'orphaned' })).data.map((r) => r.transaction_id)).toEqual(['orphan-2', 'orphan-1']);
    expect((await rowsOf(staff, { type: 'refund' })).data.map((r) => r.transaction_id)).toEqual(['a-refund-1']);
    expect((await rowsOf(staff, { site_id: rev.siteId })).meta.total).toBe(2);
    expect((await rowsOf(staff, { offer_id: cpa.offerId })).data.map((r) => r.transaction_id).sort()).toEqual(['a-sale-2', 'b-sale-1']);
    expect((await rowsOf(staff, { sub1: 'plain' })).meta.total).toBe(2);
    expect((await rowsOf(staff, { sub1: 'plain', sub2: 'bob-only' })).data.map((r) => r.transaction_id)).toEqual(['b-sale-1']);
    expect((await rowsOf(staff, { from: today, to: today })).meta.total).toBe(6);
    expect((await rowsOf(staff, { from: '2020-01-01', to: '2020-01-31' })).meta.total).toBe(0);
  });

  it('page through the log and sort it', async () => {
    const first = await rowsOf(staff, { per_page: 2, page: 1 });
    const third = await rowsOf(staff, { per_page: 2, page: 3 });
    expect(first.meta).toEqual({ total: 6, page: 1, per_page: 2 });
    expect(first.data).toHaveLength(2);
    expect(third.data).toHaveLength(2);
    expect(new Set([...first.data, ...(await rowsOf(staff, { per_page: 2, page: 2 })).data, ...third.data].map((r) => r.id)).size).toBe(6);
    expect((await rowsOf(staff, { per_page: 2, page: 4 })).data).toEqual([]);
    const byEarning = await rowsOf(staff, { sort: 'earning', order: 'desc' });
    expect(byEarning.data.slice(0, 2).map((r) => r.earning)).toEqual([35, 5]);
    expect(byEarning.data.at(-1)!.transaction_id).toBe('a-refund-1');
  });

  it('without statistics are refused, the CSV too', async () => {
    const other = await createStaff(t.app, ['payouts']);
    const tokens = await signIn(t.app, mail, other.email, other.password);
    expect((await log(tokens)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/conversion-log.csv', headers: bearer(tokens) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/conversion-log' })).statusCode).toBe(401);
  });
});

describe('bad queries', () => {
  it.each([
    [{ status: 'duplicate' }, 'status'],
    [{ type: 'bonus' }, 'type'],
    [{ site_id: '0x1' }, 'site_id'],
    [{ from: '2024-13' }, 'from'],
    [{ per_page: 1001 }, 'per_page'],
    [{ sort: 'password' }, 'sort'],
  ])('%o is a 422 naming %s', async (query, field) => {
    const res = await log(staff, query as Record<string, string>);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('a start after the end is a 422 on both days', async () => {
    const res = await log(bob, { from: '2024-02-01', to: '2024-01-01' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['from', 'to']);
  });
});

describe('CSV', () => {
  it('has the same rows, with a sub ID that is a formula kept as text', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/conversion-log.csv?from=${today}&to=${today}`, headers: bearer(alice) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('conversion-log.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,time,transaction_id,site,offer,type,amount,currency,usd_amount,earning,status,reason,cid,sub1,sub2,sub3,sub4,sub5,country,device,reverses_id,reverses_transaction_id,biller,biller_event');
    expect(lines).toHaveLength(4);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
    expect(lines.find((l) => l.includes('a-refund-1'))).toContain('-35.00');
  });

  it('staff get the affiliate column', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/conversion-log.csv?status=accepted', headers: bearer(staff) });
    expect(res.body.split('\r\n')[0]).toContain('affiliate_id,affiliate');
    expect(res.body).toContain('b-sale-1');
  });
});
