import { CID_MAX } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, conversions } from '../src/db/schema/index.ts';
import { newClickIdAt } from '../src/modules/clicks/click-id.ts';
import { statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { createAffiliate, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let alice: Tokens;
let aliceId: number;
let cat: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const a = await createAffiliate(t.app);
  aliceId = a.id;
  const [owner, al] = await Promise.all([signIn(t.app, mail, 'owner@example.com', 'owner-password-1'), signIn(t.app, mail, a.email, a.password)]);
  alice = al;
  cat = await createCatalogue(t.app, owner, { name: 'isolation', payoutType: 'cpa', payout: 5, goal: 'sale' });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

describe('one bad click in a group commit', () => {
  it('sends every honest visitor on when a NUL arrives among them', async () => {
    const link = await trackingLink(t.app, alice, cat.offerId);
    const visits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => click(t.app, `${link.url}?sub1=${i % 4 === 0 ? 'x%00' : `honest-${i}`}`, { ip: `81.2.71.${i + 1}` })),
    );
    expect(visits.map((v) => v.status)).toEqual(visits.map(() => 302));
    const rows = await t.app.db.select().from(clicks).where(inArray(clicks.cid, visits.map((v) => v.cid!)));
    expect(rows).toHaveLength(40);
  });

  it('fails only the row the database refuses; the others of its batch are written', async () => {
    const base = { affiliateId: aliceId, offerId: cat.offerId, siteId: cat.siteId, campaignId: null, landingPageId: cat.landingPageId, linkId: null, creative: null, sub2: null, sub3: null, sub4: null, sub5: null, country: 'DE', device: 'desktop', isBot: false, invalidReason: null, smartLinkId: null };
    const now = new Date();
    const records = Array.from({ length: 12 }, (_, i) => ({
      ...base,
      cid: newClickIdAt(now.getTime()),
      createdAt: now,
      day: statsDay(now),
      // Text the database cannot store, as if it had slipped past the edge.
      sub1: i === 5 ? 'bad\u0000row' : `good-${i}`,
      visitorHash: `isolation-visitor-${i}`,
    }));
    const results = await Promise.allSettled(records.map((r) => t.app.clickWriter.write(r)));
    expect(results.map((r) => r.status)).toEqual(records.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    const rows = await t.app.db.select().from(clicks).where(inArray(clicks.cid, records.map((r) => r.cid)));
    expect(rows.map((r) => r.sub1).sort()).toEqual(records.filter((_, i) => i !== 5).map((r) => r.sub1).sort());
  });
});

describe('one bad conversion in a group commit', () => {
  it('fails only the conversion the database refuses', async () => {
    const link = await trackingLink(t.app, alice, cat.offerId);
    const visits = await Promise.all(Array.from({ length: 6 }, (_, i) => click(t.app, link.url, { ip: `81.2.72.${i + 1}` })));
    const now = new Date();
    const requests = visits.map((v, i) => ({
      siteId: cat.siteId,
      now,
      input: { cid: v.cid!, type: 'sale' as const, amount: 10, amount_minor: 1000, currency: 'USD', transaction_id: i === 2 ? 'bad\u0000tx' : `iso-${i}` },
    }));
    const results = await Promise.allSettled(requests.map((r) => t.app.conversionWriter.write(r)));
    expect(results.map((r) => r.status)).toEqual(requests.map((_, i) => (i === 2 ? 'rejected' : 'fulfilled')));
    const rows = await t.app.db.select().from(conversions).where(eq(conversions.siteId, cat.siteId));
    expect(rows.filter((r) => r.transactionId.startsWith('iso-'))).toHaveLength(5);
  });
});

describe('click ids of 33 to 64 characters', () => {
  const long = (n: number, c = 'c') => c.repeat(n);

  it.each([33, 50, 64])('stores a conversion with an unknown %i-character cid as orphaned', async (n) => {
    const res = await convert(t.app, cat.apiKey, { cid: long(n), type: 'sale', amount: '1.00', transaction_id: `long-${n}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'orphaned', reason: 'No click has this click id.' });
    const [row] = await t.app.db.select().from(conversions).where(eq(conversions.id, res.json().data.conversion_id));
    expect(row).toMatchObject({ cid: long(n), status: 'orphaned' });
  });

  it('does the same through the URL form and for a refund', async () => {
    const byUrl = await t.app.inject({ method: 'GET', url: `/v1/conversions?key=${cat.apiKey}&cid=${long(40, 'd')}&type=sale&amount=1.00&transaction_id=long-url` });
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json().data.status).toBe('orphaned');
    const refund = await convert(t.app, cat.apiKey, { cid: long(60, 'e'), type: 'refund', amount: '1.00', transaction_id: 'long-refund', original_transaction_id: 'long-33' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().data.status).toBe('orphaned');
  });

  it('has columns as long as the contract allows', async () => {
    const rows: unknown = await t.app.db.execute(
      sql`select table_name, character_maximum_length as length from information_schema.columns where column_name = 'cid' and table_name in ('conversions', 'ledger_entries') order by table_name`,
    );
    const list = rows && typeof rows === 'object' && 'rows' in rows ? rows.rows : rows;
    expect((list as { table_name: string; length: number }[]).map((r) => [r.table_name, Number(r.length)])).toEqual([
      ['conversions', CID_MAX],
      ['ledger_entries', CID_MAX],
    ]);
  });

  it('refuses a cid past 64 characters with 422 on the field', async () => {
    const res = await convert(t.app, cat.apiKey, { cid: long(65), type: 'sale', amount: '1.00', transaction_id: 'long-65' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cid).toBeDefined();
  });
});
