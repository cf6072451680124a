import {
  customPayoutsInputSchema,
  errorReplySchema,
  landingPageInputSchema,
  landingPageSchema,
  type LandingPage,
  type Offer,
  offerInputSchema,
  offerSchema,
  trackingMessages,
} from '@portal/contracts';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { landingPages, offerPayouts, offers, sites, tiers, users } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { fromHundredths, toHundredths } from '../tracking/money.ts';
import { effectivePayout } from './payout-rates.ts';

type LpRow = typeof landingPages.$inferSelect;
const toLandingPage = (r: LpRow): LandingPage => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  url: r.url,
  description: r.description,
  language: r.language,
  rating: r.rating,
});

async function offerRows(db: Db, where: SQL | undefined) {
  return db
    .select({ offer: offers, site: { id: sites.id, name: sites.name, displayName: sites.displayName }, lp: landingPages })
    .from(offers)
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .leftJoin(landingPages, eq(landingPages.id, offers.landingPageId))
    .where(where)
    .orderBy(asc(sites.displayName), asc(offers.name));
}

type OfferRow = Awaited<ReturnType<typeof offerRows>>[number];
function toOffer(r: OfferRow): Offer {
  return {
    id: r.offer.id,
    name: r.offer.name,
    description: r.offer.description,
    site: { id: r.site.id, name: r.site.name, display_name: r.site.displayName },
    landing_page: r.lp ? toLandingPage(r.lp) : null,
    payout_type: r.offer.payoutType as Offer['payout_type'],
    goal: r.offer.goal as Offer['goal'],
    default_payout: fromHundredths(r.offer.defaultPayout),
    status: r.offer.status as Offer['status'],
    created_at: r.offer.createdAt.toISOString(),
  };
}

async function loadOffer(db: Db, id: number, withCustom: boolean): Promise<Offer> {
  const [row] = await offerRows(db, eq(offers.id, id));
  if (!row) throw new NotFoundError('Offer not found.');
  const offer = toOffer(row);
  if (withCustom) {
    const custom = await db
      .select({ amount: offerPayouts.amount, affId: users.id, affName: users.name, affEmail: users.email, tierId: tiers.id, tierName: tiers.name })
      .from(offerPayouts)
      .leftJoin(users, eq(users.id, offerPayouts.affiliateId))
      .leftJoin(tiers, eq(tiers.id, offerPayouts.tierId))
      .where(eq(offerPayouts.offerId, id));
    offer.custom_payouts = custom.map((c) => ({
      affiliate: c.affId ? { id: c.affId, name: c.affName ?? '', email: c.affEmail ?? '' } : null,
      tier: c.tierId ? { id: c.tierId, name: c.tierName ?? '' } : null,
      amount: fromHundredths(c.amount),
    }));
  }
  return offer;
}

async function assertLandingPageOfSite(db: Db, landingPageId: number | null | undefined, siteId: number, field = 'landing_page_id'): Promise<void> {
  if (!landingPageId) return;
  const [lp] = await db.select({ siteId: landingPages.siteId }).from(landingPages).where(eq(landingPages.id, landingPageId));
  if (!lp || lp.siteId !== siteId) throw new ValidationError({ [field]: ['This landing page does not belong to the site.'] });
}

async function assertSite(db: Db, siteId: number): Promise<void> {
  const [s] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  if (!s) throw new ValidationError({ site_id: ['This site does not exist.'] });
}

const tags = ['offers'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const idParams = z.object({ id: z.coerce.number().int().positive() });
const oneOffer = z.object({ data: offerSchema, message: z.string().optional() });

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireAuth(app, { role: 'staff', permission: 'offers' });
  const anyone = requireAuth(app, { permission: 'offers' });

  app.get(
    '/v1/offers',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: "Offers; affiliates see active offers with their own payout",
        security: [{ bearer: [] }],
        querystring: z.object({ site_id: z.coerce.number().int().positive().optional(), status: z.enum(['active', 'archived', 'all']).optional().default('active') }),
        response: { 200: z.object({ data: z.array(offerSchema) }), ...errors },
      },
    },
    async (request) => {
      const isClient = request.auth!.isClient;
      const conditions: SQL[] = [];
      if (request.query.site_id) conditions.push(eq(offers.siteId, request.query.site_id));
      const status = isClient ? 'active' : request.query.status;
      if (status !== 'all') conditions.push(eq(offers.status, status));
      const rows = (await offerRows(app.db, conditions.length ? and(...conditions) : undefined)).map(toOffer);
      if (isClient) {
        for (const o of rows) {
          const p = await effectivePayout(app.db, o.id, request.auth!.id);
          o.your_payout = p ? fromHundredths(p.amount) : o.default_payout;
        }
      }
      return { data: rows };
    },
  );

  app.get(
    '/v1/offers/:id',
    { onRequest: anyone, schema: { tags, summary: 'One offer (staff: with custom payouts)', security: [{ bearer: [] }], params: idParams, response: { 200: oneOffer, ...errors } } },
    async (request) => {
      const isClient = request.auth!.isClient;
      const offer = await loadOffer(app.db, request.params.id, !isClient);
      if (isClient) {
        if (offer.status !== 'active') throw new NotFoundError('Offer not found.');
        const p = await effectivePayout(app.db, offer.id, request.auth!.id);
        offer.your_payout = p ? fromHundredths(p.amount) : offer.default_payout;
      }
      return { data: offer };
    },
  );

  app.post(
    '/v1/offers',
    { onRequest: staff, schema: { tags, summary: 'Create an offer', security: [{ bearer: [] }], body: offerInputSchema, response: { 201: oneOffer, ...errors } } },
    async (request, reply) => {
      const b = request.body;
      await assertSite(app.db, b.site_id);
      await assertLandingPageOfSite(app.db, b.landing_page_id, b.site_id);
      const [row] = await app.db
        .insert(offers)
        .values({
          siteId: b.site_id,
          name: b.name,
          description: b.description,
          payoutType: b.payout_type,
          goal: b.goal,
          defaultPayout: toHundredths(b.default_payout),
          landingPageId: b.landing_page_id ?? null,
        })
        .returning({ id: offers.id });
      return reply.code(201).send({ data: await loadOffer(app.db, row!.id, true), message: trackingMessages.offerCreated });
    },
  );

  app.put(
    '/v1/offers/:id',
    { onRequest: staff, schema: { tags, summary: 'Update an offer', security: [{ bearer: [] }], params: idParams, body: offerInputSchema, response: { 200: oneOffer, ...errors } } },
    async (request) => {
      const b = request.body;
      await assertSite(app.db, b.site_id);
      await assertLandingPageOfSite(app.db, b.landing_page_id, b.site_id);
      const updated = await app.db
        .update(offers)
        .set({
          siteId: b.site_id,
          name: b.name,
          description: b.description,
          payoutType: b.payout_type,
          goal: b.goal,
          defaultPayout: toHundredths(b.default_payout),
          landingPageId: b.landing_page_id ?? null,
          updatedAt: new Date(),
        })
        .where(eq(offers.id, request.params.id))
        .returning({ id: offers.id });
      if (!updated.length) throw new NotFoundError('Offer not found.');
      return { data: await loadOffer(app.db, request.params.id, true), message: trackingMessages.offerUpdated };
    },
  );

  app.post(
    '/v1/offers/:id/archive',
    {
      onRequest: staff,
      schema: { tags, summary: 'Archive (or restore) an offer; its links stop counting new clicks', security: [{ bearer: [] }], params: idParams, body: z.object({ archived: z.boolean().optional().default(true) }).nullish(), response: { 200: oneOffer, ...errors } },
    },
    async (request) => {
      const archived = request.body?.archived ?? true;
      const updated = await app.db.update(offers).set({ status: archived ? 'archived' : 'active', updatedAt: new Date() }).where(eq(offers.id, request.params.id)).returning({ id: offers.id });
      if (!updated.length) throw new NotFoundError('Offer not found.');
      return { data: await loadOffer(app.db, request.params.id, true), message: trackingMessages.offerArchived };
    },
  );

  app.put(
    '/v1/offers/:id/payouts',
    {
      onRequest: staff,
      schema: { tags, summary: 'Replace the custom payouts (per affiliate, per tier) of an offer', security: [{ bearer: [] }], params: idParams, body: customPayoutsInputSchema, response: { 200: oneOffer, ...errors } },
    },
    async (request) => {
      const offer = await loadOffer(app.db, request.params.id, false);
      const { affiliates, tiers: tierRows } = request.body;
      if (offer.payout_type === 'revshare') {
        const over = [...affiliates, ...tierRows].findIndex((p) => p.amount > 100);
        if (over >= 0) throw new ValidationError({ amount: ['This field must be a positive number from 0 to 100'] });
      }
      const affIds = affiliates.map((a) => a.affiliate_id);
      if (new Set(affIds).size !== affIds.length || new Set(tierRows.map((t) => t.tier_id)).size !== tierRows.length) {
        throw new ValidationError({ affiliates: ['Field must be unique'] });
      }
      if (affIds.length) {
        const found = await app.db.select({ id: users.id }).from(users).where(and(inArray(users.id, affIds), eq(users.isClient, true)));
        if (found.length !== affIds.length) throw new ValidationError({ affiliates: ['An affiliate in the list does not exist.'] });
      }
      await app.db.transaction(async (tx) => {
        await tx.delete(offerPayouts).where(eq(offerPayouts.offerId, offer.id));
        const values = [
          ...affiliates.map((a) => ({ offerId: offer.id, affiliateId: a.affiliate_id, tierId: null, amount: toHundredths(a.amount) })),
          ...tierRows.map((t) => ({ offerId: offer.id, affiliateId: null, tierId: t.tier_id, amount: toHundredths(t.amount) })),
        ];
        if (values.length) await tx.insert(offerPayouts).values(values);
      });
      return { data: await loadOffer(app.db, offer.id, true), message: trackingMessages.offerUpdated };
    },
  );

  // ---- Landing pages ----
  app.get(
    '/v1/landing-pages',
    {
      onRequest: anyone,
      schema: { tags, summary: 'Landing pages, optionally of one site', security: [{ bearer: [] }], querystring: z.object({ site_id: z.coerce.number().int().positive().optional() }), response: { 200: z.object({ data: z.array(landingPageSchema) }), ...errors } },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(landingPages)
        .where(request.query.site_id ? eq(landingPages.siteId, request.query.site_id) : undefined)
        .orderBy(desc(landingPages.rating), asc(landingPages.name));
      return { data: rows.map(toLandingPage) };
    },
  );

  app.post(
    '/v1/landing-pages',
    { onRequest: staff, schema: { tags, summary: 'Create a landing page', security: [{ bearer: [] }], body: landingPageInputSchema, response: { 201: z.object({ data: landingPageSchema }), ...errors } } },
    async (request, reply) => {
      const b = request.body;
      await assertSite(app.db, b.site_id);
      const [row] = await app.db.insert(landingPages).values({ siteId: b.site_id, name: b.name, url: b.url, description: b.description, language: b.language, rating: b.rating }).returning();
      return reply.code(201).send({ data: toLandingPage(row!) });
    },
  );

  app.put(
    '/v1/landing-pages/:id',
    { onRequest: staff, schema: { tags, summary: 'Update a landing page', security: [{ bearer: [] }], params: idParams, body: landingPageInputSchema, response: { 200: z.object({ data: landingPageSchema }), ...errors } } },
    async (request) => {
      const b = request.body;
      await assertSite(app.db, b.site_id);
      const [row] = await app.db
        .update(landingPages)
        .set({ siteId: b.site_id, name: b.name, url: b.url, description: b.description, language: b.language, rating: b.rating })
        .where(eq(landingPages.id, request.params.id))
        .returning();
      if (!row) throw new NotFoundError('Landing page not found.');
      return { data: toLandingPage(row) };
    },
  );
};

export { assertLandingPageOfSite };
