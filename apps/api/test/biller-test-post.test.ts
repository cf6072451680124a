import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerEvents, conversions } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';
import { addBillerAccount } from './support/billers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * "Send a test post" (docs/billers.md): a sample sale signed each biller's way goes to the account's
 * own address, is read and checked as a real post would be, and is logged as a test; no conversion,
 * no money.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens;
let sites: Record<'ccbill' | 'epoch' | 'segpay' | 'verotel', Catalogue>;

beforeAll(async () => {
  let c: Record<string, Catalogue>;
  ({ t, staff, alice, catalogues: c } = await appWithCatalogues(mail, ['offers'], {
    ccbill: { name: 'testpostccbill', payoutType: 'revshare', payout: 35 },
    epoch: { name: 'testpostepoch', payoutType: 'revshare', payout: 35 },
    segpay: { name: 'testpostsegpay', payoutType: 'revshare', payout: 35 },
    verotel: { name: 'testpostverotel', payoutType: 'revshare', payout: 35 },
  }));
  sites = c as typeof sites;
});
afterAll(() => closeAppWithMail(t, mail));

const testPost = (id: number, who = staff) => t.app.inject({ method: 'POST', url: `/v1/biller-accounts/${id}/test-post`, headers: bearer(who) });
const conversionCount = async () => (await t.app.db.select({ id: conversions.id }).from(conversions)).length;

describe('POST /v1/biller-accounts/{id}/test-post', () => {
  const accounts: Array<[string, () => Record<string, unknown>]> = [
    ['ccbill', () => ({ biller: 'ccbill', ccbill_account: '900100', ccbill_subaccount: '0000', require_biller_addresses: true })],
    ['epoch', () => ({ biller: 'epoch', epoch_reseller: 'a', epoch_product_code: 'abc123' })],
    ['segpay', () => ({ biller: 'segpay', segpay_merchant_id: '12345' })],
    ['verotel', () => ({ biller: 'verotel', verotel_shop_id: '68849', secret: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J' })],
  ];
  for (const [biller, body] of accounts) {
    it(`${biller}: a signed sample sale arrives, is read as a sale of 1.00 USD and logged as a test; nothing is recorded`, async () => {
      const account = await addBillerAccount(t.app, staff, sites[biller as keyof typeof sites].siteId, body());
      const before = await conversionCount();
      const res = await testPost(account.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('The test post arrived and was read: nothing was recorded and no money moved.');
      const data = res.json().data;
      expect(data).toMatchObject({ status: 'test', event_type: 'sale', amount: '1.00', currency: 'USD', reason: 'Test post sent from the portal: read and checked, nothing recorded, no money moved.' });
      expect(data.cid).toMatch(/^test-[0-9a-f]{12}$/);
      expect(await conversionCount()).toBe(before);
      const [event] = await t.app.db.select().from(billerEvents).where(eq(billerEvents.id, data.event_id));
      expect(event).toMatchObject({ status: 'test', billerAccountId: account.id, eventType: 'sale', conversionId: null });
      // The event log lists it, marked as a test.
      const listed = (await t.app.inject({ method: 'GET', url: '/v1/biller-events?status=test', headers: bearer(staff) })).json().data as Array<{ id: number; status: string }>;
      expect(listed.find((e) => e.id === data.event_id)).toMatchObject({ status: 'test' });
    });
  }

  it('says so when the account refuses it (inactive), and is for staff with offers only', async () => {
    const account = await addBillerAccount(t.app, staff, sites.ccbill.siteId, { biller: 'ccbill', ccbill_account: '900200', ccbill_subaccount: '0001', active: false });
    const res = await testPost(account.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'The test post was refused: see why below and in the biller event log.', data: { status: 'rejected' } });
    expect((await testPost(account.id, alice)).statusCode).toBe(403);
    expect((await testPost(999_999)).statusCode).toBe(404);
  });
});
