import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { addBillerAccount, ccbillId, ccbillPost, newSale, pathOf, takeBack } from './support/billers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * Fresh figures: a conversion that was answered is in the affiliate's balance, the conversion log
 * and the statistics within a second, whichever writer took it: the batch that group-commits (a
 * site's sale, a biller's sale) or the single transaction (a refund, staff attaching an orphan).
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens;
let rev: Catalogue;
let billerPath: string;
let ip = 0;
let seq = 0;
const today = statsDay(new Date());

beforeAll(async () => {
  ({ t, staff, alice, catalogues: { rev } } = await appWithCatalogues(mail, ['offers', 'payouts', 'statistics'], { rev: { name: 'freshvr', payoutType: 'revshare', payout: 35 } }));
  billerPath = pathOf((await addBillerAccount(t.app, staff, rev.siteId, { biller: 'ccbill', ccbill_account: '900100', ccbill_subaccount: '0000', site_reports_too: true })).postback_url);
});
afterAll(() => closeAppWithMail(t, mail));

async function newClick() {
  const link = await trackingLink(t.app, alice, rev.offerId);
  return (await click(t.app, link.url, { ip: `10.66.0.${++ip}` })).cid!;
}

const get = async (url: string, who: Tokens) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(who) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const cents = (dollars: number) => Math.round(dollars * 100);

/** What the affiliate sees: balance (all of it), today's earnings in the statistics, and the log's row of the conversion. */
async function seen(conversionId: number) {
  const balance = (await get('/v1/balance', alice)).data;
  const stats = (await get(`/v1/statistics/daily?from=${today}&to=${today}&group_by=date`, alice)).data as Array<{ earnings: number }>;
  const log = (await get(`/v1/conversion-log?from=${today}&to=${today}&per_page=all`, alice)).data as Array<{ id: number; earning: number }>;
  return {
    balance: cents(balance.available) + cents(balance.pending_hold) + cents(balance.held),
    statistics: stats.reduce((s, r) => s + cents(r.earnings), 0),
    row: log.find((r) => r.id === conversionId)?.earning ?? null,
  };
}

/** Within a second of the answer, all three figures show the conversion's earning. */
async function expectFresh(before: Awaited<ReturnType<typeof seen>>, conversionId: number, earningCents: number) {
  const answeredAt = Date.now();
  await expect
    .poll(() => seen(conversionId), { timeout: 1000, interval: 50 })
    .toEqual({ balance: before.balance + earningCents, statistics: before.statistics + earningCents, row: earningCents / 100 });
  expect(Date.now() - answeredAt).toBeLessThan(1000);
}

describe('an answered conversion is in the balance, the log and the statistics within a second', () => {
  it("a site's sale (the batched writer)", async () => {
    const before = await seen(0);
    const res = await convert(t.app, rev.apiKey, { cid: await newClick(), type: 'sale', amount: '100.00', transaction_id: `fresh-${++seq}` });
    expect(res.json().data).toMatchObject({ status: 'accepted', earning: 35 });
    await expectFresh(before, res.json().data.conversion_id, 3500);
  });

  it("a biller's sale (the batched writer), then its refund (the single transaction)", async () => {
    const cid = await newClick();
    const [sub, tx] = [ccbillId(), ccbillId()];
    let before = await seen(0);
    expect((await ccbillPost(t.app, billerPath, 'NewSaleSuccess', newSale(sub, tx, cid, '40.00'))).body).toBe('OK');
    const events = (await get('/v1/biller-events?sort=id&order=desc&per_page=1', staff)).data as Array<{ conversion_id: number }>;
    await expectFresh(before, events[0]!.conversion_id, 1400);

    before = await seen(0);
    const refund = await convert(t.app, rev.apiKey, { cid, type: 'refund', amount: '20.00', transaction_id: `fresh-rf-${++seq}`, original_transaction_id: tx });
    expect(refund.json().data).toMatchObject({ status: 'accepted', earning: -7 });
    await expectFresh(before, refund.json().data.conversion_id, -700);

    before = await seen(0);
    expect((await ccbillPost(t.app, billerPath, 'Refund', takeBack(sub, tx, '20.00'))).body).toBe('OK');
    const refundEvent = (await get('/v1/biller-events?sort=id&order=desc&per_page=1', staff)).data[0] as { conversion_id: number };
    await expectFresh(before, refundEvent.conversion_id, -700);
  });

  it('an orphan staff attach (the single transaction)', async () => {
    const cid = await newClick();
    const orphan = await convert(t.app, rev.apiKey, { type: 'sale', amount: '10.00', transaction_id: `fresh-orphan-${++seq}` });
    expect(orphan.json().data.status).toBe('orphaned');
    const before = await seen(0);
    const attached = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${orphan.json().data.conversion_id}/attach`, headers: bearer(staff), payload: { cid } });
    expect(attached.statusCode).toBe(200);
    await expectFresh(before, orphan.json().data.conversion_id, 350);
  });
});
