import type { ClickInvalidReason } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { campaigns, conversions, landingPages, offers, sites, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { demoRateOn } from './demo-rates.ts';
import { sha256 } from '../lib/secrets.ts';
import { newClickIdAt } from '../modules/clicks/index.ts';
import { codeFor } from '../modules/links/index.ts';
import { addToRollups, conversionCounters, type Counters, invalidClickCounterOf, keyOf, orphanedRevenue, RollupSums } from '../modules/tracking/index.ts';
import { statsDay } from '../lib/days.ts';
import { createSmartLink } from '../modules/smart-links/index.ts';
import { type EarningKind, earningOf, insertEarnings } from '../modules/ledger/index.ts';
import { seedDemoConversionLog } from './demo-conversion-log.ts';
import { insertColumns } from './bulk.ts';

/** Fixed keys of the demo sites, printed at start so a person can report a conversion by hand. */
/** A demo price (minor units of `currency`) in USD cents at the demo rate of its day. */
function demoPrice(minor: number, currency: string, day: string): { amountCents: number; usdRate: string } {
  if (currency === 'USD') return { amountCents: minor, usdRate: '1' };
  const usdRate = demoRateOn(currency, day);
  return { amountCents: Math.round(minor * Number(usdRate)), usdRate };
}

export const demoSiteKeys: Record<string, string> = {
  novavr: 'sk_demo_novavr_0123456789abcdefghijklmn',
  holostage: 'sk_demo_holostage_0123456789abcdefghijk',
  immersa: 'sk_demo_immersa_0123456789abcdefghijklm',
};

/** A small deterministic random source, so every demo network looks the same. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(r: () => number, weighted: Array<[T, number]>): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of weighted) {
    x -= w;
    if (x <= 0) return v;
  }
  return weighted[0]![0];
}

const countries: Array<[string, number]> = [['US', 38], ['GB', 10], ['DE', 10], ['CA', 7], ['AU', 5], ['FR', 6], ['NL', 4], ['JP', 6], ['BR', 5], ['SE', 3], ['ES', 4], ['IT', 2]];
const devices: Array<[string, number]> = [['desktop', 52], ['mobile', 30], ['vr', 12], ['tablet', 6]];

/** Demo affiliates are paid every offer's default payout. */
const defaultPayout = (offer: { type: 'cpa' | 'revshare'; goal: 'signup' | 'sale'; payout: number }) => ({ payoutType: offer.type, goal: offer.goal, amount: offer.payout, source: 'default' as const, revsharePaused: false });

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the demo writes of a click (the other columns stay null). */
interface DemoClick {
  cid: string;
  createdAt: Date;
  day: string;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number | null;
  sub1: string | null;
  country: string;
  device: string;
  visitorHash: string;
  isUnique: boolean;
  isBot: boolean;
  invalidReason: ClickInvalidReason | null;
}

async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * The demo catalogue (site keys, landing pages, offers) and 90 days of believable traffic for three
 * affiliates: clicks, conversions, the earnings ledger and the daily rollup, consistent with each other.
 */
export async function seedDemoTracking(db: Db, demoAffiliateId: number, now = new Date()): Promise<void> {
  const r = prng(20261122);
  const siteRows = await db.select().from(sites);
  const byName = new Map(siteRows.map((s) => [s.name, s]));
  for (const [name, key] of Object.entries(demoSiteKeys)) {
    const s = byName.get(name);
    if (s) await db.update(sites).set({ apiKeyHash: sha256(key), apiKeyPrefix: key.slice(0, 10), apiKeyRotatedAt: now }).where(eq(sites.id, s.id));
  }

  const catalogue: Array<{ site: string; offer: string; type: 'cpa' | 'revshare'; goal: 'signup' | 'sale'; payout: number; lps: string[] }> = [
    { site: 'novavr', offer: 'NovaVR Revshare 35%', type: 'revshare', goal: 'sale', payout: 3500, lps: ['Main tour', '8K scenes showcase'] },
    { site: 'novavr', offer: 'NovaVR Pay per signup', type: 'cpa', goal: 'signup', payout: 250, lps: [] },
    { site: 'holostage', offer: 'HoloStage Pay per sale $45', type: 'cpa', goal: 'sale', payout: 4500, lps: ['Interactive tour', 'Headset deals'] },
    { site: 'immersa', offer: 'Immersa Revshare 40%', type: 'revshare', goal: 'sale', payout: 4000, lps: ['Back catalogue tour'] },
  ];
  const offerList: Array<{ id: number; siteId: number; type: 'cpa' | 'revshare'; goal: 'signup' | 'sale'; payout: number }> = [];
  for (const c of catalogue) {
    const site = byName.get(c.site);
    if (!site) continue;
    const lpIds: number[] = [];
    for (const [i, name] of c.lps.entries()) {
      const [lp] = await db
        .insert(landingPages)
        .values({ siteId: site.id, name, url: `${site.url}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}?ref={cid}`, rating: 5 - i, description: `${name} of ${site.displayName}.` })
        .returning({ id: landingPages.id });
      lpIds.push(lp!.id);
    }
    const [offer] = await db
      .insert(offers)
      .values({ siteId: site.id, name: c.offer, payoutType: c.type, goal: c.goal, defaultPayout: c.payout, landingPageId: lpIds[0] ?? null, description: `${c.offer} on ${site.displayName}.` })
      .returning({ id: offers.id });
    offerList.push({ id: offer!.id, siteId: site.id, type: c.type, goal: c.goal, payout: c.payout });
  }
  if (!offerList.length) return;

  // Two more affiliates so staff see a ranking; the demo affiliate referred the first, so their sales pay it a commission.
  const others: number[] = [];
  const hash = await hashPassword('demo-affiliate-2026');
  for (const [email, name] of [['jordan@example.com', 'Jordan Blake'], ['casey@example.com', 'Casey Morgan']] as const) {
    const referredById = email === 'jordan@example.com' ? demoAffiliateId : null;
    const [u] = await db.insert(users).values({ email, name, passwordHash: hash, isClient: true, isActive: true, emailVerifiedAt: now, referredById }).onConflictDoNothing().returning({ id: users.id });
    if (u) others.push(u.id);
  }

  const [spring] = await db
    .insert(campaigns)
    .values({ affiliateId: demoAffiliateId, name: 'VR blog – spring reviews', offerId: offerList[0]!.id, siteId: offerList[0]!.siteId, destinationType: 'landing_page', landingPageId: null, destinationUrl: null, geoTargeting: [] })
    .returning({ id: campaigns.id });
  const [lpForSpring] = await db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.siteId, offerList[0]!.siteId));
  await db.update(campaigns).set({ landingPageId: lpForSpring?.id ?? null }).where(eq(campaigns.id, spring!.id));
  await codeFor(db, { affiliateId: demoAffiliateId, offerId: offerList[0]!.id, campaignId: spring!.id, landingPageId: null, deepUrl: null });
  // A smart link over three sites: NovaVR for US and UK visitors, HoloStage on phones, Immersa for everyone else.
  if (offerList.length >= 4) {
    await createSmartLink(db, demoAffiliateId, '', {
      name: 'VR blog – all studios',
      mode: 'weight',
      entries: [
        { offer_id: offerList[0]!.id, weight: 3, countries: ['US', 'GB'], devices: [], catch_all: false },
        { offer_id: offerList[2]!.id, weight: 1, countries: [], devices: ['mobile'], catch_all: false },
        { offer_id: offerList[3]!.id, weight: 1, countries: [], devices: [], catch_all: true },
      ],
    });
  }

  const clickRows: DemoClick[] = [];
  const conversionRows: Array<{ row: typeof conversions.$inferInsert; earning: number; kind: EarningKind | null }> = [];
  const stats = new RollupSums();
  const bump = (c: Parameters<typeof keyOf>[0], day: string, counters: Partial<Counters>) => stats.add({ ...keyOf(c, day), ...counters });

  const affiliates = [{ id: demoAffiliateId, volume: 240 }, ...others.map((id, i) => ({ id, volume: i === 0 ? 110 : 60 }))];
  let tx = 0;
  const sales: Array<{ cid: string; click: { cid: string; createdAt: Date; day: string; affiliateId: number; offerId: number; siteId: number; campaignId: number | null; country: string | null; device: string; sub1: string | null }; offer: (typeof offerList)[number]; amount: number; currency: string; day: number; affiliateId: number }> = [];
  for (const aff of affiliates) {
    for (let daysAgo = 89; daysAgo >= 0; daysAgo--) {
      const weekday = new Date(now.getTime() - daysAgo * 86_400_000).getUTCDay();
      const growth = 0.6 + (0.4 * (89 - daysAgo)) / 89;
      const weekend = weekday === 0 || weekday === 6 ? 1.25 : 1;
      const count = Math.round(aff.volume * growth * weekend * (0.8 + r() * 0.4) * (daysAgo === 0 ? 0.5 : 1));
      for (let i = 0; i < count; i++) {
        const at = new Date(now.getTime() - daysAgo * 86_400_000 - Math.floor(r() * (daysAgo === 0 ? 6 : 24) * 3_600_000));
        const offer = pick(r, [[offerList[0]!, 45], [offerList[1] ?? offerList[0]!, 20], [offerList[2] ?? offerList[0]!, 20], [offerList[3] ?? offerList[0]!, 15]]);
        const campaignId = aff.id === demoAffiliateId && offer.id === offerList[0]!.id && r() < 0.4 ? spring!.id : null;
        const isBot = r() < 0.03;
        const isUnique = !isBot && r() < 0.72;
        // Screening's other reasons on some clicks that were not unique anyway (no draw of the random source, so the rest of the network stays as it was).
        const spread = (i * 7 + daysAgo) % 20;
        const invalidReason: ClickInvalidReason | null = isBot ? 'bot' : isUnique ? null : spread === 0 ? 'datacenter' : spread === 1 || spread === 2 ? 'repeat' : spread === 3 ? 'burst' : null;
        const click = {
          cid: newClickIdAt(at.getTime(), r),
          createdAt: at,
          day: statsDay(at),
          affiliateId: aff.id,
          offerId: offer.id,
          siteId: offer.siteId,
          campaignId,
          landingPageId: null,
          linkId: null,
          sub1: pick(r, [['blog', 5], ['newsletter', 3], ['twitter', 2], [null, 2]]),
          sub2: null,
          sub3: null,
          sub4: null,
          sub5: null,
          country: pick(r, countries),
          device: pick(r, devices),
          visitorHash: sha256(`demo|${aff.id}|${i}|${daysAgo}|${r()}`),
          isUnique,
          isBot,
          invalidReason,
        };
        clickRows.push(click);
        bump(click, click.day, { clicks: 1, uniqueClicks: isUnique ? 1 : 0, ...(invalidReason ? { [invalidClickCounterOf[invalidReason]]: 1 } : {}) });
        if (!isUnique) continue;
        const signupRate = offer.type === 'cpa' && offer.goal === 'signup' ? 0.045 : 0;
        const saleRate = offer.goal === 'sale' ? 0.014 : 0.004;
        const roll = r();
        let type: 'signup' | 'sale' | null = null;
        if (roll < signupRate) type = 'signup';
        else if (roll < signupRate + saleRate) type = 'sale';
        if (!type) continue;
        const price = type === 'sale' ? pick(r, [[2999, 4], [3999, 3], [5999, 2], [9999, 1]]) : 0;
        const convAt = new Date(Math.min(now.getTime() - 1000, at.getTime() + Math.floor(r() * 3_600_000)));
        // Some sites bill in euros and pounds: the same price in their currency, paid in USD at the day's rate.
        const currency = type !== 'sale' || daysAgo === 0 ? 'USD' : (tx + 1) % 7 === 0 ? 'EUR' : (tx + 1) % 11 === 0 ? 'GBP' : 'USD';
        const { amountCents: amount, usdRate } = demoPrice(price, currency, statsDay(convAt));
        const earned = earningOf(defaultPayout(offer), type, amount);
        const earning = earned?.cents ?? 0;
        conversionRows.push({ row: { siteId: offer.siteId, transactionId: `demo-${++tx}`, type, amountCents: amount, amountMinor: price, currency, usdRate, cid: click.cid, clickedAt: at, affiliateId: aff.id, offerId: offer.id, campaignId, status: 'accepted', day: statsDay(convAt), createdAt: convAt }, earning, kind: earning ? earned!.kind : null });
        bump(click, statsDay(convAt), conversionCounters(type, earning, amount));
        if (type === 'sale') sales.push({ cid: click.cid, click, offer, amount: price, currency, day: daysAgo, affiliateId: aff.id });
        // Now and then the site reports a sale without our click id: nobody is paid on it, but it is the network's revenue.
        if (type === 'sale' && r() < 0.08) {
          const orphanAt = new Date(convAt.getTime() - 60_000);
          const day = statsDay(orphanAt);
          const reason = 'No click id (cid) was given.';
          conversionRows.push({ row: { siteId: offer.siteId, transactionId: `demo-${++tx}`, type: 'sale', amountCents: amount, amountMinor: amount, currency: 'USD', usdRate: '1', status: 'orphaned', reason, day, createdAt: orphanAt }, earning: 0, kind: null });
          stats.add(orphanedRevenue(offer.siteId, day, 'sale', amount));
        }
      }
      // The server answers while the demo is written behind it (on the embedded database, in this same thread).
      await nextTurn();
    }
  }
  // Monthly rebills of the sales (revshare offers earn on each).
  for (const s of sales) {
    for (let m = 1; s.day - 30 * m >= 0; m++) {
      if (r() > 0.7) break;
      const at = new Date(now.getTime() - (s.day - 30 * m) * 86_400_000 - Math.floor(r() * 6 * 3_600_000));
      if (at > now) break;
      const { amountCents, usdRate } = demoPrice(s.amount, s.currency, statsDay(at));
      const earned = earningOf(defaultPayout(s.offer), 'rebill', amountCents);
      const earning = earned?.cents ?? 0;
      conversionRows.push({ row: { siteId: s.offer.siteId, transactionId: `demo-${++tx}`, type: 'rebill', amountCents, amountMinor: s.amount, currency: s.currency, usdRate, cid: s.cid, clickedAt: s.click.createdAt, affiliateId: s.affiliateId, offerId: s.offer.id, campaignId: s.click.campaignId, status: 'accepted', day: statsDay(at), createdAt: at }, earning, kind: earning ? earned!.kind : null });
      bump(s.click, statsDay(at), conversionCounters('rebill', earning, amountCents));
    }
  }

  await insertColumns(db, 'clicks', [
    ['cid', 'text', clickRows.map((c) => c.cid)],
    ['created_at', 'timestamptz', clickRows.map((c) => c.createdAt.toISOString())],
    ['day', 'date', clickRows.map((c) => c.day)],
    ['affiliate_id', 'int', clickRows.map((c) => c.affiliateId)],
    ['offer_id', 'int', clickRows.map((c) => c.offerId)],
    ['site_id', 'int', clickRows.map((c) => c.siteId)],
    ['campaign_id', 'int', clickRows.map((c) => c.campaignId)],
    ['sub1', 'text', clickRows.map((c) => c.sub1)],
    ['country', 'text', clickRows.map((c) => c.country)],
    ['device', 'text', clickRows.map((c) => c.device)],
    ['visitor_hash', 'text', clickRows.map((c) => c.visitorHash)],
    ['is_unique', 'boolean', clickRows.map((c) => c.isUnique)],
    ['is_bot', 'boolean', clickRows.map((c) => c.isBot)],
    ['invalid_reason', 'text', clickRows.map((c) => c.invalidReason)],
  ]);
  await chunked(conversionRows, 500, async (chunk) => {
    const ids = await db
      .insert(conversions)
      .values(chunk.map((c) => c.row))
      .returning({ id: conversions.id });
    await insertEarnings(
      db,
      chunk.flatMap((c, i) =>
        c.earning && c.kind ? [{ affiliateId: c.row.affiliateId!, conversionId: ids[i]!.id, cid: c.row.cid ?? null, offerId: c.row.offerId!, kind: c.kind, amountCents: c.earning, day: c.row.day, createdAt: c.row.createdAt! }] : [],
      ),
    );
  });
  await addToRollups(db, stats);
  await seedDemoConversionLog(db, r, now);
}
