import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerEvents, conversions, users } from '../src/db/schema/index.ts';
import { verotelSignature } from '../src/modules/billers/formats/verotel.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import type { TestApp } from './helpers.ts';
import { send } from './support/biller-flow.ts';
import { addBillerAccount, ccbillId, ccbillPost, newSale, pathOf } from './support/billers.ts';
import { readCsv } from './support/csv.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './support/tracking.ts';
import { bearer, createStaff, signIn } from './support/users.ts';

/**
 * What an outside attack tried on the billers' postbacks and their event log: replaying a post
 * refused before it was trusted, a manager limited to assigned affiliates reaching the whole
 * network's biller data, card numbers inside values, click ids longer than any click's, and a
 * carriage return in a transaction id reaching the conversion log's CSV.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number, bob: Tokens, manager: Tokens;
let rev: Catalogue, other: Catalogue;
let path: string, accountId: number;
let ip = 0;

beforeAll(async () => {
  const world = await appWithCatalogues(mail, ['offers', 'payouts', 'settings', 'statistics'], {
    rev: { name: 'hostilevr', payoutType: 'revshare', payout: 35 },
    other: { name: 'othervr', payoutType: 'revshare', payout: 35 },
  });
  ({ t, staff, alice, aliceId, bob, catalogues: { rev, other } } = world);
  const account = await addBillerAccount(t.app, staff, rev.siteId);
  path = pathOf(account.postback_url);
  accountId = account.id;
  // A manager of a role limited to assigned affiliates, with the permissions the biller routes ask for; Alice is theirs.
  const m = await createStaff(t.app, ['offers', 'payouts'], { assignedAffiliatesOnly: true });
  manager = await signIn(t.app, mail, m.email, m.password);
  await t.app.db.update(users).set({ managerId: m.id }).where(eq(users.id, aliceId));
});
afterAll(() => closeAppWithMail(t, mail));

async function newClick(who: Tokens = alice, offer: Catalogue = rev, query = '') {
  const link = await trackingLink(t.app, who, offer.offerId);
  return (await click(t.app, `${link.url}${query}`, { ip: `10.37.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` })).cid!;
}
const balance = () => balanceCents(t.app.db, aliceId);
const lastEvent = async () => (await t.app.db.select().from(billerEvents).orderBy(billerEvents.id)).at(-1)!;
const replay = (id: number, who: Tokens = staff) => t.app.inject({ method: 'POST', url: `/v1/biller-events/${id}/replay`, headers: bearer(who) });
const patchAccount = (payload: object) => t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${accountId}`, headers: bearer(staff), payload });

describe('replay applies again the checks that refused the post on arrival', () => {
  it('a sale refused for its address never pays, even once the ranges are no longer required', async () => {
    await patchAccount({ require_biller_addresses: true });
    const before = await balance();
    const forged = await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '100.00'), { ip: '203.0.113.9' });
    expect(forged.statusCode).toBe(403);
    const refused = await lastEvent();
    expect(refused).toMatchObject({ status: 'rejected', remoteAddress: '203.0.113.9', addressAllowed: false, accountActive: true });
    // Still required: refused.
    expect((await replay(refused.id)).statusCode).toBe(409);
    await patchAccount({ require_biller_addresses: false });
    const res = await replay(refused.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'conflict', message: 'This post was refused before it was trusted (its address or its inactive account), so it cannot be replayed.' });
    expect(await balance()).toBe(before);
    expect(await lastEvent()).toMatchObject({ id: refused.id, status: 'rejected', conversionId: null, replayedAt: null });
  });

  it('a sale refused while its account was inactive never pays once the account is active again', async () => {
    await patchAccount({ active: false });
    const before = await balance();
    expect((await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(), '100.00'))).statusCode).toBe(403);
    const refused = await lastEvent();
    expect(refused).toMatchObject({ status: 'rejected', accountActive: false });
    await patchAccount({ active: true });
    expect((await replay(refused.id)).statusCode).toBe(409);
    expect(await balance()).toBe(before);
  });

  it('a post accepted from outside the ranges before they were required is refused on replay once they are', async () => {
    const sale = newSale(ccbillId(), ccbillId(), null, '10.00');
    expect((await ccbillPost(t.app, path, 'NewSaleSuccess', sale, { ip: '203.0.113.10' })).statusCode).toBe(200);
    const orphan = await lastEvent();
    expect(orphan).toMatchObject({ status: 'orphaned', remoteAddress: '203.0.113.10', addressAllowed: null });
    await patchAccount({ require_biller_addresses: true });
    expect((await replay(orphan.id)).json()).toMatchObject({ error_code: 'conflict', message: "The post came from an address outside the biller's published ranges." });
    await patchAccount({ require_biller_addresses: false });
    expect((await replay(orphan.id)).statusCode).toBe(200);
  });
});

describe('a manager limited to assigned affiliates', () => {
  let aliceEvent: number, bobEvent: number, orphanEvent: number;

  beforeAll(async () => {
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(alice), '20.00'));
    aliceEvent = (await lastEvent()).id;
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), await newClick(bob), '20.00'));
    bobEvent = (await lastEvent()).id;
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), null, '20.00'));
    orphanEvent = (await lastEvent()).id;
  });

  it("reads their affiliates' biller events only: not another affiliate's, not orphans", async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/v1/biller-events?per_page=all', headers: bearer(manager) });
    expect(mine.statusCode).toBe(200);
    const ids = mine.json().data.map((e: { id: number }) => e.id);
    expect(ids).toContain(aliceEvent);
    expect(ids).not.toContain(bobEvent);
    expect(ids).not.toContain(orphanEvent);
    expect(mine.json().meta.total).toBe(ids.length);
    const all = (await t.app.inject({ method: 'GET', url: '/v1/biller-events?per_page=all', headers: bearer(staff) })).json().data.map((e: { id: number }) => e.id);
    expect(all).toEqual(expect.arrayContaining([aliceEvent, bobEvent, orphanEvent]));
  });

  it("replays their affiliates' events; another affiliate's and an orphan are 404", async () => {
    expect((await replay(aliceEvent, manager)).statusCode).toBe(200);
    expect((await replay(bobEvent, manager)).json()).toMatchObject({ error_code: 'not_found', message: 'This biller event does not exist.' });
    expect((await replay(orphanEvent, manager)).statusCode).toBe(404);
    expect((await replay(bobEvent)).statusCode).toBe(200);
  });

  it("may not read (their postback URLs carry the key), add, change, delete or rotate a biller account, nor rotate a site's key (403)", async () => {
    const h = bearer(manager);
    const calls = [
      t.app.inject({ method: 'GET', url: `/v1/sites/${rev.siteId}/biller-accounts`, headers: h }),
      t.app.inject({ method: 'POST', url: `/v1/sites/${other.siteId}/biller-accounts`, headers: h, payload: { biller: 'ccbill', ccbill_account: '900300', ccbill_subaccount: '0000' } }),
      t.app.inject({ method: 'PATCH', url: `/v1/biller-accounts/${accountId}`, headers: h, payload: { active: false } }),
      t.app.inject({ method: 'DELETE', url: `/v1/biller-accounts/${accountId}`, headers: h }),
      t.app.inject({ method: 'POST', url: `/v1/biller-accounts/${accountId}/rotate-key`, headers: h }),
      t.app.inject({ method: 'POST', url: `/v1/sites/${rev.siteId}/rotate-key`, headers: h }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    // The postback URL still answers: nothing changed.
    expect((await ccbillPost(t.app, path, 'NewSaleFailure', { transactionId: ccbillId(), failureReason: 'Card declined' })).statusCode).toBe(200);
  });
});

describe('card numbers inside values', () => {
  it('are masked in the stored post, whatever separates their digits and whatever digit script', async () => {
    const fields = {
      ...newSale(ccbillId(), ccbillId(), null, '10.00'),
      comment: 'paid with 4111111111111111 thanks',
      c1: 'card 4111 1111 1111 1111 ok',
      c4: '4111.1111.1111.1111',
      c5: 'x 5500-0000-0000-0004 y',
      note: 'full width ４１１１１１１１１１１１１１１１ here',
      arabic: 'indic ٤١١١١١١١١١١١١١١١',
      memo: 'call 555-1234 4111 1111 1111 1111',
      order: 'order 1234567890123',
    };
    expect((await ccbillPost(t.app, path, 'NewSaleSuccess', fields)).statusCode).toBe(200);
    const { raw, droppedFields } = await lastEvent();
    const text = JSON.stringify(raw);
    for (const card of ['4111111111111111', '4111 1111 1111 1111', '4111.1111.1111.1111', '5500-0000-0000-0004', '４１１１１１１１１１１１１１１１', '٤١١١١١١١١١١١١١١١']) expect(text).not.toContain(card);
    expect(raw.comment).toBe('paid with ************1111 thanks');
    // A value that is a card number and nothing else is dropped, its name kept.
    expect(raw.c4).toBeUndefined();
    expect(droppedFields).toContain('c4');
    expect(raw.c5).toBe('x ************0004 y');
    expect(raw.note).toBe('full width ************1111 here');
    expect(raw.memo).toBe('call 555-1234 ************1111');
    // A digit run that fails Luhn's check is not a card number.
    expect(raw.order).toBe('order 1234567890123');
  });
});

describe('a pass-through click id longer than any click id', () => {
  const long = `${'c'.repeat(65)}`;
  const segpayToken = 'segpay-token-hostile-0001';
  const verotelKey = 'verotel-signing-key-hostile-0001';

  const cases: Array<[string, Record<string, unknown>, (p: string, tx: string) => Promise<{ statusCode: number; body: string }>]> = [
    ['ccbill', { biller: 'ccbill', ccbill_account: '900400', ccbill_subaccount: '0000' }, (p, tx) => ccbillPost(t.app, p, 'NewSaleSuccess', newSale(ccbillId(), tx, long, '10.00'))],
    [
      'epoch',
      { biller: 'epoch', epoch_reseller: 'a', epoch_product_code: 'abc123' },
      (p, tx) => send(t.app, p, { method: 'GET', query: { ans: 'Y123456|OK', transaction_id: tx, member_id: `m${tx}`, order_id: tx, amount: '10.00', currency: 'USD', pi_code: 'abc123', cid: long } }),
    ],
    [
      'segpay',
      { biller: 'segpay', segpay_merchant_id: '1234', secret: segpayToken },
      (p, tx) =>
        send(t.app, p, {
          method: 'GET',
          query: { action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'sale', purchaseid: `p${tx}`, tranid: tx, relatedtranid: '', price: '10.00', currencycode: 'USD', cid: long, token: segpayToken },
        }),
    ],
    [
      'verotel',
      { biller: 'verotel', verotel_shop_id: '68849', secret: verotelKey },
      (p, tx) => {
        const query = { shopID: '68849', type: 'subscription', event: 'initial', saleID: `s${tx}`, transactionID: tx, priceAmount: '10.00', priceCurrency: 'USD', paymentMethod: 'CC', custom1: long };
        return send(t.app, p, { method: 'GET', query: { ...query, signature: verotelSignature(verotelKey, query) } });
      },
    ],
  ];

  it.each(cases)('%s: the sale is kept orphaned with the reason, answered as received and logged', async (biller, account, post) => {
    const made = await addBillerAccount(t.app, staff, other.siteId, account);
    const tx = ccbillId();
    const res = await post(pathOf(made.postback_url), tx);
    expect(res.statusCode).toBe(200);
    const event = await lastEvent();
    const reason = 'The click id is longer than 64 characters, so it names no click.';
    expect(event).toMatchObject({ biller, billerAccountId: made.id, status: 'orphaned', reason, transactionId: tx });
    const [conversion] = await t.app.db.select().from(conversions).where(eq(conversions.id, event.conversionId!));
    expect(conversion).toMatchObject({ status: 'orphaned', affiliateId: null, reason, transactionId: tx });
    // The biller retries: a duplicate, still answered as received.
    expect((await post(pathOf(made.postback_url), tx)).statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({ status: 'duplicate', conversionId: event.conversionId });
  });
});

describe("the conversion log's CSV", () => {
  it('quotes a carriage return in a transaction id and neutralises the formula after it', async () => {
    const tx = `${ccbillId()}\r=1+1`;
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), `\r=1+1${tx}`, await newClick(), '10.00'));
    const event = await lastEvent();
    expect(event.status).toBe('accepted');
    for (const who of [alice, staff]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/conversion-log.csv', headers: bearer(who) });
      expect(res.statusCode).toBe(200);
      const table = readCsv(res.body);
      const header = table[0]!;
      // Every row has the header's width: no row split by the carriage return.
      expect(table.every((row) => row.length === header.length)).toBe(true);
      const row = table.find((r) => r[0] === String(event.conversionId))!;
      expect(row[header.indexOf('transaction_id')]).toBe(`'\r=1+1${tx}`);
    }
  });

  it("keeps a visitor's sub ID holding a carriage return in its cell, for the affiliate and for staff", async () => {
    const cid = await newClick(alice, rev, '?sub2=x%0D%3D2%2B3');
    await ccbillPost(t.app, path, 'NewSaleSuccess', newSale(ccbillId(), ccbillId(), cid, '10.00'));
    const { conversionId } = await lastEvent();
    for (const who of [alice, staff]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/conversion-log.csv', headers: bearer(who) });
      const table = readCsv(res.body);
      const header = table[0]!;
      expect(table.every((row) => row.length === header.length)).toBe(true);
      expect(table.find((r) => r[0] === String(conversionId))![header.indexOf('sub2')]).toBe('x\r=2+3');
      expect(table.some((r) => r.some((cell) => /^\s*=/.test(cell)))).toBe(false);
    }
  });
});
