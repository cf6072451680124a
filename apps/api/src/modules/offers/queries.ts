import type { Offer } from '@portal/contracts';
import { and, asc, count, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { landingPages, offerPayouts, offers, sites, tiers, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Scope, scopeCondition } from '../../lib/scope.ts';
import { toLandingPage } from '../landing-pages/index.ts';
import { fromHundredths } from '../../lib/money-units.ts';

const byName = [asc(sites.displayName), asc(offers.name), asc(offers.id)];

/** Offers with their site and landing page; by site then name unless an order is given. */
export async function offerRows(db: Db, where: SQL | undefined, order: SQL[] = byName, window: { limit?: number | undefined; offset?: number } = {}) {
  const query = db
    .select({ offer: offers, site: { id: sites.id, name: sites.name, displayName: sites.displayName }, lp: landingPages })
    .from(offers)
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .leftJoin(landingPages, eq(landingPages.id, offers.landingPageId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (window.limit !== undefined) query.limit(window.limit);
  if (window.offset) query.offset(window.offset);
  return query;
}

export async function countOffers(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(offers).where(where);
  return row?.n ?? 0;
}

type OfferRow = Awaited<ReturnType<typeof offerRows>>[number];
export function toOffer(r: OfferRow): Offer {
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
    fallback_url: r.offer.fallbackUrl,
    created_at: r.offer.createdAt.toISOString(),
  };
}

/** One offer; staff see its custom payouts too (`custom`: whose; a manager's affiliates' and every tier's). */
export async function loadOffer(db: Db, id: number, custom: Scope | null): Promise<Offer> {
  const [row] = await offerRows(db, eq(offers.id, id));
  if (!row) throw new NotFoundError('Offer not found.');
  const offer = toOffer(row);
  if (custom) {
    // A manager sees the tiers' rows and their own affiliates'; the network's staff every row.
    const scoped = scopeCondition(custom, offerPayouts.affiliateId);
    const rows = await db
      .select({ amount: offerPayouts.amount, affId: users.id, affName: users.name, affEmail: users.email, tierId: tiers.id, tierName: tiers.name })
      .from(offerPayouts)
      .leftJoin(users, eq(users.id, offerPayouts.affiliateId))
      .leftJoin(tiers, eq(tiers.id, offerPayouts.tierId))
      .where(and(eq(offerPayouts.offerId, id), scoped ? or(isNull(offerPayouts.affiliateId), scoped) : undefined));
    offer.custom_payouts = rows.map((c) => ({
      affiliate: c.affId ? { id: c.affId, name: c.affName ?? '', email: c.affEmail ?? '' } : null,
      tier: c.tierId ? { id: c.tierId, name: c.tierName ?? '' } : null,
      amount: fromHundredths(c.amount),
    }));
  }
  return offer;
}
