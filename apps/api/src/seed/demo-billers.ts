import { and, asc, eq, gte, inArray, lte, max, notExists, sql } from 'drizzle-orm';
import { type BillerAccountInput, billerAccountInputSchema } from '@portal/contracts';
import { clicks, conversions, offers, payoutPeriods, settings, sites, users } from '../db/schema/index.ts';
import { type BillerPost, createAccount, listAccounts, receivePost, type ReceiveDeps, verotelSignature } from '../modules/billers/index.ts';

const MARKER = 'demo_billers_version';
const DAY = 86_400_000;

/** Which demo site takes its money through which biller (NovaVR through two). */
const demoAccounts: Array<{ site: string; input: BillerAccountInput }> = [
  { site: 'novavr', input: { biller: 'ccbill', ccbill_account: '951234', ccbill_subaccount: '0001', site_reports_too: true } },
  { site: 'holostage', input: { biller: 'epoch', epoch_reseller: 'holostage', epoch_product_code: '100123', site_reports_too: true } },
  { site: 'immersa', input: { biller: 'segpay', segpay_merchant_id: '24680', secret: 'demo-segpay-token-immersa', site_reports_too: true } },
  { site: 'novavr', input: { biller: 'verotel', verotel_shop_id: '71234', secret: 'demo-verotel-signature-key', site_reports_too: true } },
];

const get = (query: Record<string, string>): Omit<BillerPost, 'headers'> => ({ method: 'GET', query, body: {} });
const form = (query: Record<string, string>, body: Record<string, string>): Omit<BillerPost, 'headers'> => ({ method: 'POST', query, body });

/** Verotel's signature: lowercase hex SHA-256 of `key:name=value:...` over the parameters sorted by name. */
const verotelSigned = (key: string, params: Record<string, string>): Record<string, string> => ({ ...params, signature: verotelSignature(key, params) });

/**
 * Each biller's posts for one demo subscription, shaped like its documented samples
 * (docs/billers.md): the first sale with the click id, `rebills` monthly rebills, then what ends it.
 */
type Ending = 'refund' | 'chargeback' | 'cancellation' | 'none';
function posts(biller: string, n: number, cid: string | null, rebills: number, ending: Ending, secret: string): Array<Omit<BillerPost, 'headers'>> {
  const sub = `${biller}-demo-sub-${n}`;
  const tx = (i: number) => `${100000 + n * 100 + i}`;
  const out: Array<Omit<BillerPost, 'headers'>> = [];
  switch (biller) {
    case 'ccbill': {
      const ev = (eventType: string, body: Record<string, string>) => form({ eventType, eventGroupType: 'Subscription' }, body);
      out.push(ev('NewSaleSuccess', { transactionId: tx(0), subscriptionId: sub, billedInitialPrice: '29.95', billedRecurringPrice: '29.95', billedCurrencyCode: '840', clientAccnum: '951234', clientSubacc: '0001', timestamp: `2026-01-01 00:00:0${n % 10}`, ...(cid ? { 'X-cid': cid } : {}) }));
      for (let i = 1; i <= rebills; i++) out.push(ev('RenewalSuccess', { transactionId: tx(i), subscriptionId: sub, billedAmount: '29.95', billedCurrencyCode: '840', timestamp: `2026-02-0${i} 00:00:00` }));
      if (ending === 'refund') out.push(ev('Refund', { transactionId: tx(0), subscriptionId: sub, amount: '29.95', currencyCode: '840', reason: 'Customer request', timestamp: '2026-03-01 00:00:00' }));
      if (ending === 'chargeback') out.push(ev('Chargeback', { transactionId: tx(0), subscriptionId: sub, amount: '29.95', currencyCode: '840', reason: 'Disputed', timestamp: '2026-03-02 00:00:00' }));
      if (ending === 'cancellation') out.push(ev('Cancellation', { subscriptionId: sub, reason: 'Too expensive', source: 'webAdmin', timestamp: '2026-03-03 00:00:00' }));
      break;
    }
    case 'epoch': {
      out.push(get({ transaction_id: tx(0), member_id: sub, ans: 'YGOODTEST', amount: '34.95', currency: 'USD', pi_code: '100123', ...(cid ? { cid } : {}) }));
      // Data Plus codes (docs/billers.md): N a rebill, C a credit, D a chargeback, K a cancellation; its amounts are US dollars.
      for (let i = 1; i <= rebills; i++) out.push(form({}, { ets_transaction_id: tx(i), ets_member_idx: sub, ets_transaction_type: 'N', ets_transaction_amount: '34.95' }));
      if (ending === 'refund') out.push(form({}, { ets_transaction_id: tx(90), ets_member_idx: sub, ets_transaction_type: 'C', ets_transaction_amount: '34.95', ets_ref_trans_ids: tx(0) }));
      if (ending === 'chargeback') out.push(form({}, { ets_transaction_id: tx(91), ets_member_idx: sub, ets_transaction_type: 'D', ets_transaction_amount: '34.95', ets_ref_trans_ids: tx(0) }));
      if (ending === 'cancellation') out.push(form({}, { ets_transaction_id: tx(92), ets_member_idx: sub, ets_transaction_type: 'K', ets_transaction_amount: '0' }));
      break;
    }
    case 'segpay': {
      const base = { purchaseid: sub, currencycode: 'GBP', token: secret };
      out.push(get({ ...base, tranid: tx(0), price: '24.99', approved: 'Yes', trantype: 'sale', stage: 'Initial', action: 'Auth', ...(cid ? { cid } : {}) }));
      for (let i = 1; i <= rebills; i++) out.push(get({ ...base, tranid: tx(i), price: '24.99', approved: 'Yes', trantype: 'sale', stage: 'Rebill', action: 'Auth' }));
      if (ending === 'refund') out.push(get({ ...base, tranid: tx(90), price: '24.99', approved: 'Yes', trantype: 'credit', stage: 'Initial', action: 'Auth', relatedtranid: tx(0) }));
      if (ending === 'chargeback') out.push(get({ ...base, tranid: tx(91), price: '24.99', approved: 'Yes', trantype: 'charge', stage: 'Initial', action: 'Auth', relatedtranid: tx(0) }));
      // Member management: a cancellation carries its action alone.
      if (ending === 'cancellation') out.push(get({ purchaseid: sub, token: secret, action: 'Cancel' }));
      break;
    }
    case 'verotel': {
      const sign = (p: Record<string, string>) => get(verotelSigned(secret, { shopID: '71234', saleID: sub, ...p }));
      out.push(sign({ event: 'initial', transactionID: tx(0), referenceID: `ref-${n}`, priceAmount: '19.99', priceCurrency: 'USD', paymentMethod: 'CC', ...(cid ? { custom1: cid } : {}) }));
      for (let i = 1; i <= rebills; i++) out.push(sign({ event: 'rebill', transactionID: tx(i), priceAmount: '19.99', priceCurrency: 'USD' }));
      if (ending === 'refund') out.push(sign({ event: 'credit', transactionID: tx(90), parentID: tx(0), priceAmount: '19.99', priceCurrency: 'USD' }));
      if (ending === 'chargeback') out.push(sign({ event: 'chargeback', transactionID: tx(91), parentID: tx(0), priceAmount: '19.99', priceCurrency: 'USD' }));
      if (ending === 'cancellation') out.push(sign({ event: 'cancel', cancelledBy: 'member' }));
      break;
    }
  }
  return out;
}

/**
 * A demo site on each biller (docs/billers.md), and a few weeks of their posts received through the
 * billers' one service, so the conversions, ledger rows and rollup are the real ones: sales with
 * the demo affiliate's click id, rebills that find him through the subscription, a refund, a
 * chargeback, a cancellation, a repeated post (duplicate), a rebill of a subscription we never saw
 * (orphaned) and a Verotel post with a bad signature (rejected). Once per database.
 */
export async function seedDemoBillers(deps: ReceiveDeps, demoAffiliateEmail: string, now = new Date()): Promise<void> {
  const { db } = deps;
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  // The billers already given their demo.
  const done = new Set<string>(Array.isArray(marker?.value) ? (marker.value as string[]) : []);
  const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAffiliateEmail));
  const siteRows = await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.name, ['novavr', 'holostage', 'immersa']));
  const siteOf = new Map(siteRows.map((s) => [s.name, s.id]));
  if (!affiliate || siteOf.size < 3) return;

  // A biller posts as events happen: nothing lands in a period already closed (its payouts and statements are final).
  const [closed] = await db.select({ cutoff: max(payoutPeriods.cutoff) }).from(payoutPeriods);
  const openFrom = closed?.cutoff?.getTime() ?? 0;

  let n = 0;
  for (const { site, input } of demoAccounts) {
    n += 10;
    if (done.has(input.biller)) continue;
    const siteId = siteOf.get(site)!;
    const account = (await listAccounts(db, deps, siteId)).find((a) => a.biller === input.biller) ?? (await createAccount(db, deps, siteId, billerAccountInputSchema.parse(input)));
    const key = new URL(account.postback_url).pathname.split('/').at(-1)!;
    const secret = input.secret ?? '';
    const send = (post: Omit<BillerPost, 'headers'>, at: Date) => receivePost(deps, input.biller, key, { ...post, headers: {} }, '64.38.212.10', at);
    // The demo affiliate's clicks on the site's sale offers, 20 to 40 days ago, that no conversion used yet.
    const fresh = await db
      .select({ cid: clicks.cid, createdAt: clicks.createdAt })
      .from(clicks)
      .innerJoin(offers, eq(offers.id, clicks.offerId))
      .where(
        and(
          eq(clicks.affiliateId, affiliate.id),
          eq(clicks.siteId, siteId),
          eq(offers.goal, 'sale'),
          gte(clicks.createdAt, new Date(now.getTime() - 40 * DAY)),
          lte(clicks.createdAt, new Date(now.getTime() - 20 * DAY)),
          notExists(db.select({ one: sql`1` }).from(conversions).where(eq(conversions.cid, clicks.cid))),
        ),
      )
      .orderBy(asc(clicks.createdAt))
      .limit(4);
    const endings: Ending[] = ['none', 'refund', 'chargeback', 'cancellation'];
    for (const [i, click] of fresh.entries()) {
      const start = click.createdAt.getTime() + 3_600_000;
      const rebills = i === 0 ? 2 : i === 3 ? 1 : 0;
      for (const [j, post] of posts(input.biller, n + i, click.cid, rebills, endings[i]!, secret).entries()) {
        // Monthly rebills would reach past today: a week apart keeps the demo inside its window.
        const at = new Date(Math.min(now.getTime() - 60_000, Math.max(openFrom + j * 60_000, start + j * 7 * DAY)));
        // CCBill dates each event: the demo's are the moments it sends them.
        const dated = post.body.timestamp ? { ...post, body: { ...post.body, timestamp: at.toISOString().slice(0, 19).replace('T', ' ') } } : post;
        await send(dated, at);
        // The first sale posted twice: the repeat is a duplicate, answered as success.
        if (i === 0 && j === 0) await send(dated, new Date(at.getTime() + 60_000));
      }
    }
    // A rebill of a subscription this account never sold: orphaned, with its reason.
    const [, orphan] = posts(input.biller, n + 5, null, 1, 'none', secret);
    if (orphan) await send(orphan, new Date(now.getTime() - 2 * DAY));
    // Verotel: a post whose signature does not match is refused and changes nothing.
    if (input.biller === 'verotel') {
      const [forged] = posts('verotel', n + 6, null, 0, 'none', 'not-the-key');
      await send(forged!, new Date(now.getTime() - DAY));
    }
    done.add(input.biller);
  }
  await db
    .insert(settings)
    .values({ key: MARKER, value: [...done] })
    .onConflictDoUpdate({ target: settings.key, set: { value: [...done] } });
}
