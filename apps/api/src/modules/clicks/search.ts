import { CLICK_SEARCH_LIMIT, clickSearchQuerySchema, clickSearchReplySchema, errorReplySchema, type FoundClick } from '@portal/contracts';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clicks, offers, sites, users } from '../../db/schema/index.ts';
import { staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';

type Query = z.output<typeof clickSearchQuerySchema>;
const subs = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

/** Clicks by affiliate, offer, exact sub ids and time window (by default the 30 days up to `now`), newest first, at most 50. */
export async function searchClicks(db: Db, q: Query, now = new Date()): Promise<FoundClick[]> {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 30 * 86_400_000);
  const where: SQL[] = [gte(clicks.createdAt, from), lte(clicks.createdAt, to)];
  if (q.affiliate_id !== undefined) where.push(eq(clicks.affiliateId, q.affiliate_id));
  if (q.offer_id !== undefined) where.push(eq(clicks.offerId, q.offer_id));
  for (const k of subs) if (q[k] !== undefined) where.push(eq(clicks[k], q[k]));
  const rows = await db
    .select({
      cid: clicks.cid,
      time: clicks.createdAt,
      affiliateId: clicks.affiliateId,
      affiliateName: users.name,
      offerId: clicks.offerId,
      offerName: offers.name,
      siteId: clicks.siteId,
      siteName: sites.displayName,
      sub1: clicks.sub1,
      sub2: clicks.sub2,
      sub3: clicks.sub3,
      sub4: clicks.sub4,
      sub5: clicks.sub5,
      country: clicks.country,
    })
    .from(clicks)
    .innerJoin(users, eq(users.id, clicks.affiliateId))
    .innerJoin(offers, eq(offers.id, clicks.offerId))
    .innerJoin(sites, eq(sites.id, clicks.siteId))
    .where(and(...where))
    .orderBy(desc(clicks.createdAt), desc(clicks.id))
    .limit(CLICK_SEARCH_LIMIT);
  return rows.map((r) => ({
    cid: r.cid,
    time: r.time.toISOString(),
    affiliate: { id: r.affiliateId, name: r.affiliateName },
    offer: { id: r.offerId, name: r.offerName },
    site: { id: r.siteId, name: r.siteName },
    sub1: r.sub1,
    sub2: r.sub2,
    sub3: r.sub3,
    sub4: r.sub4,
    sub5: r.sub5,
    country: r.country,
  }));
}

/** `GET /v1/clicks/search`: the clicks staff may attach an orphaned conversion to (docs/tracking.md). */
export const clickSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/clicks/search',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: {
        tags: ['conversions'],
        operationId: 'searchClicks',
        summary: 'Clicks to attach an orphaned conversion to: by affiliate, offer, sub ids and time window, newest first, at most 50',
        security: [{ bearer: [] }],
        querystring: clickSearchQuerySchema,
        response: { 200: clickSearchReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => ({ data: await searchClicks(request.readDb, request.query) }),
  );
};
