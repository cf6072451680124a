import { type Campaign, type campaignInputSchema, type campaignsQuerySchema, type ListMeta, listMeta, pageWindow } from '@portal/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { campaigns, landingPages, offers, sites } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { containsPattern, ordered } from '../../lib/list.ts';
import { codeFor, existingCodes, isWithinSite, type LinkSpec, liveOfferSite, trackingUrl } from '../links/index.ts';
import { earningsByCampaign } from '../statistics/index.ts';

type Input = z.output<typeof campaignInputSchema>;

/** Checks that the offer is live and every destination is a landing page or a page of the offer's site. */
async function checkDestinations(db: Db, input: Input): Promise<{ siteId: number }> {
  const offer = await liveOfferSite(db, input.offer_id);
  const lpIds = [input.landing_page_id, ...input.geo_targeting.map((g) => g.landing_page_id)].filter((v): v is number => Boolean(v));
  if (lpIds.length) {
    const found = await db.select({ id: landingPages.id }).from(landingPages).where(and(inArray(landingPages.id, lpIds), eq(landingPages.siteId, offer.siteId)));
    const ok = new Set(found.map((f) => f.id));
    if (input.landing_page_id && !ok.has(input.landing_page_id)) throw new ValidationError({ landing_page_id: ["This landing page does not belong to the offer's site."] });
    input.geo_targeting.forEach((g, i) => {
      if (g.landing_page_id && !ok.has(g.landing_page_id)) throw new ValidationError({ [`geo_targeting.${i}.landing_page_id`]: ["This landing page does not belong to the offer's site."] });
    });
  }
  if (input.destination_type === 'url' && input.destination_url && !isWithinSite(input.destination_url, offer.siteUrl)) {
    throw new ValidationError({ destination_url: ["The link must point to a page of the offer's site."] });
  }
  input.geo_targeting.forEach((g, i) => {
    if (g.destination_type === 'url' && (!g.url || !isWithinSite(g.url, offer.siteUrl))) throw new ValidationError({ [`geo_targeting.${i}.url`]: ["The link must point to a page of the offer's site."] });
    if (g.destination_type === 'landing_page' && !g.landing_page_id) throw new ValidationError({ [`geo_targeting.${i}.landing_page_id`]: ['This field is required'] });
  });
  return { siteId: offer.siteId };
}

const columns = (input: Input, siteId: number) => ({
  name: input.name,
  offerId: input.offer_id,
  siteId,
  destinationType: input.destination_type,
  landingPageId: input.destination_type === 'landing_page' ? (input.landing_page_id ?? null) : null,
  destinationUrl: input.destination_type === 'url' ? input.destination_url : null,
  geoTargeting: input.geo_targeting.map((g) => ({
    country: g.country,
    destination_type: g.destination_type,
    landing_page_id: g.destination_type === 'landing_page' ? (g.landing_page_id ?? null) : null,
    url: g.destination_type === 'url' ? g.url : null,
  })),
});

/** A campaign's own tracking link: its affiliate, offer and campaign, no landing page or deep link. */
const linkOf = (affiliateId: number, c: { id: number; offerId: number }): LinkSpec => ({ affiliateId, offerId: c.offerId, campaignId: c.id, landingPageId: null, deepUrl: null });

type Query = z.output<typeof campaignsQuerySchema>;
const sortColumns = { created_at: campaigns.createdAt, name: campaigns.name, offer: offers.name, id: campaigns.id } as const;
const newestFirst = [desc(campaigns.createdAt), desc(campaigns.id)];

/** An affiliate's live campaigns matching the list's filters (the affiliate always in the query). */
function campaignsWhere(affiliateId: number, filters: Partial<Pick<Query, 'offer_id' | 'site_id' | 'search'>> & { id?: number }): SQL | undefined {
  return and(
    eq(campaigns.affiliateId, affiliateId),
    isNull(campaigns.deletedAt),
    filters.id ? eq(campaigns.id, filters.id) : undefined,
    filters.offer_id ? eq(campaigns.offerId, filters.offer_id) : undefined,
    filters.site_id ? eq(campaigns.siteId, filters.site_id) : undefined,
    filters.search ? ilike(campaigns.name, containsPattern(filters.search)) : undefined,
  );
}

/** An affiliate's campaigns (a page of them, or one), with their link and all-time earnings. */
async function listOf(db: Db, publicUrl: string, affiliateId: number, where: SQL | undefined, order: SQL[] = newestFirst, window: { limit?: number | undefined; offset?: number } = {}): Promise<Campaign[]> {
  const query = db
    .select({ c: campaigns, offerName: offers.name, payoutType: offers.payoutType, siteName: sites.name, siteDisplay: sites.displayName, lpName: landingPages.name })
    .from(campaigns)
    .innerJoin(offers, eq(offers.id, campaigns.offerId))
    .innerJoin(sites, eq(sites.id, campaigns.siteId))
    .leftJoin(landingPages, eq(landingPages.id, campaigns.landingPageId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (window.limit !== undefined) query.limit(window.limit).offset(window.offset ?? 0);
  const rows = await query;
  if (!rows.length) return [];
  const [earned, codes] = await Promise.all([
    earningsByCampaign(db, affiliateId, rows.map((r) => r.c.id)),
    existingCodes(db, rows.map((r) => linkOf(affiliateId, r.c))),
  ]);
  const out: Campaign[] = [];
  for (const [i, r] of rows.entries()) {
    // Links are made when a campaign is saved; only a campaign saved before that gets its link here, once.
    const code = codes[i] ?? (await codeFor(db, linkOf(affiliateId, r.c)));
    out.push({
      id: r.c.id,
      name: r.c.name,
      offer: { id: r.c.offerId, name: r.offerName },
      site: { id: r.c.siteId, name: r.siteName, display_name: r.siteDisplay },
      payout_type: r.payoutType as Campaign['payout_type'],
      destination_type: r.c.destinationType as Campaign['destination_type'],
      destination: r.c.destinationType === 'url' ? (r.c.destinationUrl ?? '') : (r.lpName ?? ''),
      landing_page_id: r.c.landingPageId,
      destination_url: r.c.destinationUrl,
      geo_targeting: r.c.geoTargeting as Campaign['geo_targeting'],
      tracking_url: trackingUrl(publicUrl, code),
      date_created: r.c.createdAt.toISOString(),
      all_time_earnings: (earned.get(r.c.id) ?? 0) / 100,
    });
  }
  return out;
}

/** The affiliate's campaigns, a page of them, filtered and sorted (newest first by default). */
export async function listCampaigns(db: Db, publicUrl: string, affiliateId: number, q: Query): Promise<{ data: Campaign[]; meta: ListMeta }> {
  const where = campaignsWhere(affiliateId, q);
  const order = [ordered(sortColumns[q.sort], q.order), desc(campaigns.id)];
  const [data, [total]] = await Promise.all([listOf(db, publicUrl, affiliateId, where, order, pageWindow(q)), db.select({ n: count() }).from(campaigns).where(where)]);
  return { data, meta: listMeta(q, total?.n ?? 0) };
}

const oneOf = async (db: Db, publicUrl: string, affiliateId: number, id: number): Promise<Campaign> => (await listOf(db, publicUrl, affiliateId, campaignsWhere(affiliateId, { id })))[0]!;

/** Creates an affiliate's campaign and its tracking link together. */
export async function createCampaign(db: Db, publicUrl: string, affiliateId: number, input: Input): Promise<Campaign> {
  const { siteId } = await checkDestinations(db, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(campaigns).values({ affiliateId, ...columns(input, siteId) }).returning({ id: campaigns.id, offerId: campaigns.offerId });
    await codeFor(tx, linkOf(affiliateId, row!));
    return row!.id;
  });
  return oneOf(db, publicUrl, affiliateId, id);
}

/** Updates one of the affiliate's campaigns; a new offer gets its link at once. */
export async function updateCampaign(db: Db, publicUrl: string, affiliateId: number, id: number, input: Input): Promise<Campaign> {
  const { siteId } = await checkDestinations(db, input);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set(columns(input, siteId))
      .where(and(eq(campaigns.id, id), eq(campaigns.affiliateId, affiliateId), isNull(campaigns.deletedAt)))
      .returning({ id: campaigns.id, offerId: campaigns.offerId });
    if (!row) throw new NotFoundError('Campaign not found.');
    await codeFor(tx, linkOf(affiliateId, row));
  });
  return oneOf(db, publicUrl, affiliateId, id);
}

/** Deletes one of the affiliate's campaigns (its link then leads to the site without counting). */
export async function deleteCampaign(db: Db, affiliateId: number, id: number): Promise<void> {
  const deleted = await db
    .update(campaigns)
    .set({ deletedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.affiliateId, affiliateId), isNull(campaigns.deletedAt)))
    .returning({ id: campaigns.id });
  if (!deleted.length) throw new NotFoundError('Campaign not found.');
}
