import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerEvents, conversions, subscriptionEvents, subscriptions } from '../src/db/schema/index.ts';
import { balanceCents } from '../src/modules/ledger/balance.ts';
import type { TestApp } from './helpers.ts';
import { addBillerAccount, ccbillId, ccbillPost, newSale, pathOf } from './support/billers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, trackingLink } from './support/tracking.ts';

/**
 * The same CCBill sale posted 20 times at once (CCBill retries, or two satellites deliver it):
 * one conversion, one earning, one subscription; every post answered OK and logged, 19 as duplicates.
 * Meant for PostgreSQL (`--project api-postgres`), where the posts really run at the same time.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, aliceId: number, rev: Catalogue, path: string;

beforeAll(async () => {
  ({ t, staff, alice, aliceId, catalogues: { rev } } = await appWithCatalogues(mail, ['offers'], { rev: { name: 'racebiller', payoutType: 'revshare', payout: 35 } }));
  path = pathOf((await addBillerAccount(t.app, staff, rev.siteId)).postback_url);
});
afterAll(() => closeAppWithMail(t, mail));

describe('a CCBill sale posted 20 times at once', () => {
  it('makes one conversion and pays once; every post is answered OK', async () => {
    const link = await trackingLink(t.app, alice, rev.offerId);
    const cid = (await click(t.app, link.url, { ip: '10.99.0.1' })).cid!;
    const subscriptionId = ccbillId();
    const transactionId = ccbillId();
    const before = await balanceCents(t.app.db, aliceId);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => ccbillPost(t.app, path, 'NewSaleSuccess', newSale(subscriptionId, transactionId, cid, '100.00'), { json: i % 2 === 0 })));
    expect(replies.map((r) => `${r.statusCode} ${r.body}`)).toEqual(Array(20).fill('200 OK'));
    expect(await t.app.db.select().from(conversions).where(eq(conversions.transactionId, transactionId))).toHaveLength(1);
    expect(await balanceCents(t.app.db, aliceId)).toBe(before + 3500);
    expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId))).toHaveLength(1);
    const logged = await t.app.db.select().from(billerEvents).where(eq(billerEvents.transactionId, transactionId));
    expect(logged).toHaveLength(20);
    expect(logged.filter((e) => e.status === 'accepted')).toHaveLength(1);
    expect(logged.filter((e) => e.status === 'duplicate')).toHaveLength(19);
    expect(new Set(logged.map((e) => e.conversionId)).size).toBe(1);
  });
});

describe('30 different CCBill sales posted at once', () => {
  it('share their reads and event-log statements, and each post is logged with its own conversion and subscription event', async () => {
    const link = await trackingLink(t.app, alice, rev.offerId);
    const cid = (await click(t.app, link.url, { ip: '10.99.0.2' })).cid!;
    const sales = Array.from({ length: 30 }, () => ({ subscriptionId: ccbillId(), transactionId: ccbillId() }));
    const before = { ...t.app.billerIntake.stats };
    const balance = await balanceCents(t.app.db, aliceId);
    const replies = await Promise.all(sales.map((s) => ccbillPost(t.app, path, 'NewSaleSuccess', newSale(s.subscriptionId, s.transactionId, cid, '10.00'))));
    expect(replies.map((r) => `${r.statusCode} ${r.body}`)).toEqual(Array(30).fill('200 OK'));
    expect(await balanceCents(t.app.db, aliceId)).toBe(balance + 30 * 350);

    const ids = sales.map((s) => s.transactionId);
    const made = await t.app.db.select({ id: conversions.id, tx: conversions.transactionId }).from(conversions).where(inArray(conversions.transactionId, ids));
    const logged = await t.app.db.select({ id: billerEvents.id, tx: billerEvents.transactionId, conversionId: billerEvents.conversionId, status: billerEvents.status }).from(billerEvents).where(inArray(billerEvents.transactionId, ids));
    const conversionOf = new Map(made.map((c) => [c.tx, c.id]));
    expect(logged).toHaveLength(30);
    for (const row of logged) expect({ status: row.status, conversionId: row.conversionId }).toEqual({ status: 'accepted', conversionId: conversionOf.get(row.tx!) });
    // Each sale's subscription event names the log row of the post that made it.
    const rowOf = new Map(logged.map((r) => [r.conversionId, r.id]));
    const events = await t.app.db.select({ conversionId: subscriptionEvents.conversionId, billerEventId: subscriptionEvents.billerEventId }).from(subscriptionEvents).where(inArray(subscriptionEvents.conversionId, made.map((c) => c.id)));
    expect(events).toHaveLength(30);
    for (const e of events) expect(e.billerEventId).toBe(rowOf.get(e.conversionId));

    const after = t.app.billerIntake.stats;
    expect(after.log.items - before.log.items).toBe(30);
    expect(after.accounts.items - before.accounts.items).toBe(30);
    // Posts arriving together went in fewer statements than posts.
    expect(after.log.batches - before.log.batches).toBeLessThan(30);
    expect(after.accounts.batches - before.accounts.batches).toBeLessThan(30);
  });
});
