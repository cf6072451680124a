import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, exchangeRates, ledgerEntries, statsDaily } from '../src/db/schema/index.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import { releaseHeld } from '../src/modules/conversions/release.ts';
import { loadEcbRates } from '../src/modules/exchange-rates/ecb.ts';
import { ecbJob } from '../src/modules/exchange-rates/job.ts';
import { addDays, statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number;
let rev: Catalogue, cpa: Catalogue;
let ecb: Server, ecbUrl: string;
let ecbFiles: Record<string, string> = {};

/** The ECB's documented format: rates per euro, one Cube per day. */
function ecbXml(days: Array<[string, Record<string, number>]>): string {
  const cubes = days
    .map(([day, rates]) => `\t\t<Cube time='${day}'>\n${Object.entries(rates).map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`).join('\n')}\n\t\t</Cube>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}

beforeAll(async () => {
  ({ t, staff, alice, aliceId, catalogues: { rev, cpa } } = await appWithCatalogues(mail, ['settings', 'statistics', 'offers'], {
    rev: { name: 'eurostage', payoutType: 'revshare', payout: 35 },
    cpa: { name: 'salevr', payoutType: 'cpa', payout: 5, goal: 'sale' },
  }));
  ecb = createServer((req, res) => {
    const body = ecbFiles[(req.url ?? '').replace(/^\/rates\//, '')];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/xml' }).end(body ?? 'not found');
  });
  await new Promise<void>((done) => ecb.listen(0, '127.0.0.1', done));
  ecbUrl = `http://127.0.0.1:${(ecb.address() as AddressInfo).port}/rates/`;
});
afterAll(async () => {
  await new Promise((done) => ecb?.close(done));
  await closeAppWithMail(t, mail);
});

const today = () => statsDay(new Date());
const putRates = (payload: Record<string, unknown>, who: Tokens = staff) => t.app.inject({ method: 'PUT', url: '/v1/settings/exchange-rates', headers: bearer(who), payload });
const settings = async () => (await t.app.inject({ method: 'GET', url: '/v1/settings/exchange-rates', headers: bearer(staff) })).json().data;
async function newClick(c: Catalogue, ip: string): Promise<string> {
  const link = await trackingLink(t.app, alice, c.offerId);
  return (await click(t.app, link.url, { ip })).cid!;
}
const row = async (id: number) => (await t.app.db.select().from(conversions).where(eq(conversions.id, id)))[0]!;
const earnings = (id: number) => t.app.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.conversionId, id), eq(ledgerEntries.kind, 'earning')));

describe('currencies and exchange rates', () => {
  it('converts a EUR sale to USD at the rate of its day, keeping the amount and currency as sent', async () => {
    expect((await putRates({ rates: [{ currency: 'EUR', day: addDays(today(), -3), rate: '1.1' }] })).statusCode).toBe(200);
    const res = await convert(t.app, rev.apiKey, { cid: await newClick(rev, '81.2.69.1'), type: 'sale', amount: 10, currency: 'EUR', transaction_id: 'eur-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: 3.85 });
    expect(await row(res.json().data.conversion_id)).toMatchObject({ amountMinor: 1000, currency: 'EUR', amountCents: 1100, usdRate: '1.1000000000' });
  });

  it('pays 10,000 JPY on about $67, not on $10,000 (zero minor digits)', async () => {
    await putRates({ rates: [{ currency: 'JPY', rate: 0.0067 }] });
    const res = await convert(t.app, rev.apiKey, { cid: await newClick(rev, '81.2.69.2'), type: 'sale', amount: 10000, currency: 'JPY', transaction_id: 'jpy-1' });
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: 23.45 });
    expect(await row(res.json().data.conversion_id)).toMatchObject({ amountMinor: 10000, currency: 'JPY', amountCents: 6700 });
    const cents = await convert(t.app, rev.apiKey, { cid: await newClick(rev, '81.2.69.3'), type: 'sale', amount: '10.5', currency: 'JPY', transaction_id: 'jpy-2' });
    expect(cents.statusCode).toBe(422);
    expect(cents.json().errors.amount).toEqual(['This field is invalid']);
  });

  it.each(['XXX', 'XAU', 'XTS', 'ABC'])('refuses %s, which is no current ISO 4217 currency, and stores nothing', async (code) => {
    const res = await convert(t.app, rev.apiKey, { cid: await newClick(rev, '81.2.69.4'), type: 'sale', amount: 10, currency: code, transaction_id: `bad-${code}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { currency: ['This field is invalid'] } });
    expect(await t.app.db.select().from(conversions).where(eq(conversions.transactionId, `bad-${code}`))).toHaveLength(0);
  });

  it.each([
    ['1e15 (a number)', 1e15],
    ['"0x10"', '0x10'],
    ['"1e2"', '1e2'],
    ['" 10 "', ' 10 '],
    ['"NaN"', 'NaN'],
    ['"Infinity"', 'Infinity'],
    ['-5', -5],
    ['"12.345" in USD', '12.345'],
  ])('answers 422 on amount for %s, never 500, and stores nothing', async (_, amount) => {
    const tx = `loose-${String(amount)}`;
    const res = await convert(t.app, rev.apiKey, { cid: await newClick(rev, '81.2.69.5'), type: 'sale', amount, transaction_id: tx });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['amount']);
    expect(await t.app.db.select().from(conversions).where(eq(conversions.transactionId, tx))).toHaveLength(0);
  });

  it('refuses 21474836.48 (over the $100,000 maximum) on both forms, and follows the maximum staff set', async () => {
    const cid = await newClick(rev, '81.2.69.6');
    const json = await convert(t.app, rev.apiKey, { cid, type: 'sale', amount: 21474836.48, transaction_id: 'huge-1' });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.amount).toEqual(['The amount is over the maximum of $100,000.00 for one conversion.']);
    const url = await t.app.inject({ method: 'GET', url: `/v1/conversions?key=${rev.apiKey}&cid=${cid}&type=sale&amount=21474836.48&transaction_id=huge-2` });
    expect(url.statusCode).toBe(422);
    expect(await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.cid, cid))).toHaveLength(0);
    // Staff lower it: a 60 EUR sale ($66) is over $50.
    expect((await putRates({ max_conversion_amount: 50 })).json().data.max_conversion_amount).toBe(50);
    const eur = await convert(t.app, rev.apiKey, { cid, type: 'sale', amount: 60, currency: 'EUR', transaction_id: 'huge-3' });
    expect(eur.json().errors.amount).toEqual(['The amount is over the maximum of $50.00 for one conversion.']);
    await putRates({ max_conversion_amount: 100000 });
    expect((await convert(t.app, rev.apiKey, { cid, type: 'sale', amount: 60, currency: 'EUR', transaction_id: 'huge-4' })).json().data.status).toBe('accepted');
  });

  it('holds a conversion without a rate (no ledger row, no earnings in the rollup), shows it as pending_review, and pays it on the day a rate arrives', async () => {
    const cid = await newClick(cpa, '81.2.69.7');
    const before = (await t.app.inject({ method: 'GET', url: '/v1/balance', headers: bearer(alice) })).json().data;
    const dayOfSale = addDays(today(), -2);
    const heldAt = new Date(Date.now() - 2 * 86_400_000);
    const input = { cid, type: 'sale' as const, amount: 40, amount_minor: 4000, currency: 'CHF', transaction_id: 'chf-1' };
    const out = await recordConversion(t.app.db, cpa.siteId, input, heldAt);
    expect(out).toMatchObject({ status: 'held', earningCents: null, reason: `No exchange rate for CHF on or before ${statsDay(heldAt)}.` });
    // The same through the API (batch path): held with the reason.
    const viaApi = await convert(t.app, cpa.apiKey, { cid: await newClick(cpa, '81.2.69.8'), type: 'sale', amount: 10, currency: 'CHF', transaction_id: 'chf-2' });
    expect(viaApi.json().data).toMatchObject({ status: 'held', earning: null, reason: `No exchange rate for CHF on or before ${today()}.` });
    expect(await earnings(out.conversionId)).toHaveLength(0);
    expect(await earnings(viaApi.json().data.conversion_id)).toHaveLength(0);
    const rollup = await t.app.db.select().from(statsDaily).where(and(eq(statsDaily.affiliateId, aliceId), eq(statsDaily.offerId, cpa.offerId)));
    expect(rollup.reduce((s, r) => s + Number(r.earningsCents), 0)).toBe(0);
    const balance = (await t.app.inject({ method: 'GET', url: '/v1/balance', headers: bearer(alice) })).json().data;
    expect(balance.pending_review).toBe(before.pending_review + 10);
    expect(balance.available).toBe(before.available);
    expect((await settings()).held).toEqual([{ currency: 'CHF', count: 2 }]);

    // Staff enter a rate for the sale's day: both are paid, on today's date.
    expect((await putRates({ rates: [{ currency: 'CHF', day: dayOfSale, rate: '1.25' }] })).statusCode).toBe(200);
    const released = await row(out.conversionId);
    expect(released).toMatchObject({ status: 'accepted', usdRate: '1.2500000000', amountCents: 5000, amountMinor: 4000, reason: null });
    expect(released.releasedAt).not.toBeNull();
    const [earning] = await earnings(out.conversionId);
    expect(earning).toMatchObject({ amountCents: 500, day: today(), affiliateId: aliceId });
    expect(await earnings(viaApi.json().data.conversion_id)).toHaveLength(1);
    const after = (await t.app.inject({ method: 'GET', url: '/v1/balance', headers: bearer(alice) })).json().data;
    expect(after.pending_review).toBe(before.pending_review);
    expect((await settings()).held).toEqual([]);
  });

  it('releases each held conversion once when releases run at the same moment', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const cid = await newClick(cpa, `81.2.70.${i + 1}`);
      ids.push((await recordConversion(t.app.db, cpa.siteId, { cid, type: 'sale', amount: 5, amount_minor: 500, currency: 'SEK', transaction_id: `sek-${i}` })).conversionId);
    }
    await t.app.db.insert(exchangeRates).values({ currency: 'SEK', day: today(), rate: '0.095', source: 'staff' });
    const runs = await Promise.all(Array.from({ length: 4 }, () => releaseHeld(t.app.db)));
    expect(runs.reduce((s, r) => s + r.released, 0)).toBe(6);
    for (const id of ids) {
      expect(await earnings(id)).toHaveLength(1);
      expect((await row(id)).status).toBe('accepted');
    }
  });

  it('loads the ECB daily and 90-day XML from the configured address, fills gaps, derives USD per unit, and releases what waited', async () => {
    const d1 = addDays(today(), -1);
    const d2 = addDays(today(), -5);
    ecbFiles = {
      'eurofxref-daily.xml': ecbXml([[d1, { USD: 1.08, JPY: 162, GBP: 0.84, NOK: 11.6 }]]),
      'eurofxref-hist-90d.xml': ecbXml([
        [d1, { USD: 1.08, JPY: 162, GBP: 0.84, NOK: 11.6 }],
        [d2, { USD: 1.05, JPY: 160, GBP: 0.83, NOK: 11.5 }],
      ]),
    };
    const cid = await newClick(rev, '81.2.69.9');
    const held = await convert(t.app, rev.apiKey, { cid, type: 'sale', amount: 116, currency: 'NOK', transaction_id: 'nok-1' });
    expect(held.json().data.status).toBe('held');

    // A demo rate of a day gives way to the ECB's.
    await t.app.db.insert(exchangeRates).values({ currency: 'GBP', day: d2, rate: '1.5', source: 'demo' }).onConflictDoNothing();
    const job = ecbJob(t.app.db, ecbUrl, t.app.exchangeRates.arrivals, t.app.log);
    await job.handle({}, { id: 0, kind: 'exchange-rates.ecb', attempt: 1, final: true });
    const rates = await t.app.db.select().from(exchangeRates).where(eq(exchangeRates.source, 'ecb'));
    const rateOf = (c: string, d: string) => rates.find((r) => r.currency === c && r.day === d)?.rate;
    expect(rateOf('EUR', d1)).toBe('1.0800000000');
    expect(rateOf('GBP', d1)).toBe((1.08 / 0.84).toFixed(10));
    expect(rateOf('JPY', d2)).toBe((1.05 / 160).toFixed(10));
    expect(rateOf('GBP', d2)).toBe((1.05 / 0.83).toFixed(10));
    expect(rates.some((r) => r.currency === 'USD')).toBe(false);
    // A staff rate of a day stands against the ECB's.
    expect(rateOf('EUR', addDays(today(), -3))).toBeUndefined();
    const nok = await row(held.json().data.conversion_id);
    expect(nok).toMatchObject({ status: 'accepted', usdRate: (1.08 / 11.6).toFixed(10), amountCents: 1080 });
    expect((await earnings(nok.id))[0]).toMatchObject({ amountCents: 378 });
    const status = (await settings()).ecb;
    expect(status).toMatchObject({ last_error: null });
    expect(status.last_success_at).not.toBeNull();
  });

  it('fails quietly offline or on a page that is not the rates, and says so in the settings', async () => {
    const lastSuccess = (await settings()).ecb.last_success_at;
    const offline = await loadEcbRates(t.app.db, 'http://127.0.0.1:9/');
    expect(offline.ok).toBe(false);
    let s = await settings();
    expect(s.ecb.last_error).toEqual(expect.any(String));
    expect(s.ecb.last_success_at).toBe(lastSuccess);
    ecbFiles = { 'eurofxref-daily.xml': '<html>Service unavailable</html>', 'eurofxref-hist-90d.xml': '<html></html>' };
    expect((await loadEcbRates(t.app.db, ecbUrl)).error).toContain('gesmes:Envelope');
    s = await settings();
    expect(s.ecb.last_error).toContain('gesmes:Envelope');
  });

  it('lets only staff with the settings permission read and write rates; bad rates are 422 on the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/settings/exchange-rates', headers: bearer(alice) })).statusCode).toBe(403);
    expect((await putRates({ rates: [{ currency: 'EUR', rate: 2 }] }, alice)).statusCode).toBe(403);
    const bad = await putRates({ rates: [{ currency: 'XAU', rate: '0' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ 'rates.0.currency': ['This field is invalid'], 'rates.0.rate': ['This field is invalid'] });
    const list = (await settings()).rates;
    expect(list.find((r: { currency: string }) => r.currency === 'CHF')).toMatchObject({ rate: 1.25, source: 'staff', updated_by: expect.any(String) });
  });
});
