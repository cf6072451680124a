import { type Campaign, campaignInputSchema, campaignSchema, errorReplySchema, trackingMessages } from '@portal/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { campaigns, landingPages, offers, sites, statsDailyTotals } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { codeFor, isWithinSite, trackingUrl } from '../links/service.ts';

type Input = z.output<typeof campaignInputSchema>;

/** Checks that the offer is live and every destination is a landing page or a page of the offer's site. */
async function checkDestinations(db: Db, input: Input): Promise<{ siteId: number }> {
  const [offer] = await db
    .select({ siteId: offers.siteId, status: offers.status, siteUrl: sites.url })
    .from(offers)
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .where(eq(offers.id, input.offer_id));
  if (!offer || offer.status !== 'active') throw new ValidationError({ offer_id: ['This offer is not available.'] });
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

async function listCampaigns(db: Db, publicUrl: string, affiliateId: number, id?: number): Promise<Campaign[]> {
  const rows = await db
    .select({ c: campaigns, offerName: offers.name, payoutType: offers.payoutType, siteName: sites.name, siteDisplay: sites.displayName, lpName: landingPages.name })
    .from(campaigns)
    .innerJoin(offers, eq(offers.id, campaigns.offerId))
    .innerJoin(sites, eq(sites.id, campaigns.siteId))
    .leftJoin(landingPages, eq(landingPages.id, campaigns.landingPageId))
    .where(and(eq(campaigns.affiliateId, affiliateId), isNull(campaigns.deletedAt), id ? eq(campaigns.id, id) : undefined))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.c.id);
  // All-time earnings from the rollup, never from raw rows.
  const totals = await db
    .select({ id: statsDailyTotals.campaignId, cents: sql<string>`sum(${statsDailyTotals.earningsCents})` })
    .from(statsDailyTotals)
    .where(and(eq(statsDailyTotals.affiliateId, affiliateId), inArray(statsDailyTotals.campaignId, ids)))
    .groupBy(statsDailyTotals.campaignId);
  const earned = new Map(totals.map((t) => [t.id, Number(t.cents)]));
  const out: Campaign[] = [];
  for (const r of rows) {
    const code = await codeFor(db, { affiliateId, offerId: r.c.offerId, campaignId: r.c.id, landingPageId: null, deepUrl: null });
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

const tags = ['campaigns'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const one = z.object({ data: campaignSchema, message: z.string().optional() });

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const client = requireAuth(app, { role: 'client' });
  const values = (input: Input, siteId: number) => ({
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

  app.get(
    '/v1/campaigns',
    { onRequest: client, schema: { tags, summary: "The signed-in affiliate's campaigns", security: [{ bearer: [] }], response: { 200: z.object({ data: z.array(campaignSchema) }), ...errors } } },
    async (request) => ({ data: await listCampaigns(app.db, app.config.publicUrl, request.auth!.id) }),
  );

  app.post(
    '/v1/campaigns',
    { onRequest: client, schema: { tags, summary: 'Create a campaign', security: [{ bearer: [] }], body: campaignInputSchema, response: { 201: one, ...errors } } },
    async (request, reply) => {
      const { siteId } = await checkDestinations(app.db, request.body);
      const [row] = await app.db.insert(campaigns).values({ affiliateId: request.auth!.id, ...values(request.body, siteId) }).returning({ id: campaigns.id });
      const [created] = await listCampaigns(app.db, app.config.publicUrl, request.auth!.id, row!.id);
      return reply.code(201).send({ data: created!, message: trackingMessages.campaignCreated });
    },
  );

  app.put(
    '/v1/campaigns/:id',
    { onRequest: client, schema: { tags, summary: 'Update a campaign', security: [{ bearer: [] }], params: idParams, body: campaignInputSchema, response: { 200: one, ...errors } } },
    async (request) => {
      const { siteId } = await checkDestinations(app.db, request.body);
      const updated = await app.db
        .update(campaigns)
        .set(values(request.body, siteId))
        .where(and(eq(campaigns.id, request.params.id), eq(campaigns.affiliateId, request.auth!.id), isNull(campaigns.deletedAt)))
        .returning({ id: campaigns.id });
      if (!updated.length) throw new NotFoundError('Campaign not found.');
      app.linkCache.clear();
      const [c] = await listCampaigns(app.db, app.config.publicUrl, request.auth!.id, request.params.id);
      return { data: c!, message: trackingMessages.campaignUpdated };
    },
  );

  app.delete(
    '/v1/campaigns/:id',
    { onRequest: client, schema: { tags, summary: 'Delete a campaign (its link then leads to the site without counting)', security: [{ bearer: [] }], params: idParams, response: { 200: z.object({ data: z.object({ message: z.string() }) }), ...errors } } },
    async (request) => {
      const deleted = await app.db
        .update(campaigns)
        .set({ deletedAt: new Date() })
        .where(and(eq(campaigns.id, request.params.id), eq(campaigns.affiliateId, request.auth!.id), isNull(campaigns.deletedAt)))
        .returning({ id: campaigns.id });
      if (!deleted.length) throw new NotFoundError('Campaign not found.');
      app.linkCache.clear();
      return { data: { message: trackingMessages.campaignDeleted } };
    },
  );
};
