import { type customPayoutsInputSchema, type ListMeta, listMeta, type Offer, type OffersQuery, type offerInputSchema, pageWindow } from '@portal/contracts';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { offerPayouts, offers, sites, users } from '../../db/schema/index.ts';
import { containsPattern, ordered } from '../../lib/list.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isStaffScope, networkScope, type Scope } from '../../lib/scope.ts';
import { cappedOffers } from '../caps/index.ts';
import { assertLandingPageOfSite } from '../landing-pages/index.ts';
import { assertSiteExists } from '../sites/index.ts';
import { fromHundredths, toHundredths } from '../../lib/money-units.ts';
import { effectivePayouts } from './payout-rates.ts';
import { offerLogos } from '../creatives/index.ts';
import { countOffers, loadOffer, offerRows, toOffer } from './queries.ts';

type Input = z.output<typeof offerInputSchema>;
type CustomPayouts = z.output<typeof customPayoutsInputSchema>;

/** An affiliate's own payout on each offer (custom, tier or default), and whether a hard cap has closed it for them, read for all of them at once. */
async function withYourPayouts(db: Db, list: Offer[], affiliateId: number): Promise<Offer[]> {
  const [rates, closed] = await Promise.all([effectivePayouts(db, list.map((o) => ({ offerId: o.id, affiliateId }))), cappedOffers(db, affiliateId, list.map((o) => o.id))]);
  for (const o of list) {
    const p = rates.get(`${o.id}|${affiliateId}`);
    o.your_payout = p ? fromHundredths(p.amount) : o.default_payout;
    o.capped = closed.get(o.id) ?? null;
  }
  return list;
}

const sortColumns = { site: sites.displayName, name: offers.name, default_payout: offers.defaultPayout, created_at: offers.createdAt, id: offers.id } as const;

/** Offers, a page of them: an affiliate sees the active ones with their own payout; staff choose the status. */
export async function listOffers(db: Db, scope: Scope, q: OffersQuery): Promise<{ data: Offer[]; meta: ListMeta }> {
  const conditions: SQL[] = [];
  if (q.site_id) conditions.push(eq(offers.siteId, q.site_id));
  const status = scope.kind === 'affiliate' ? 'active' : q.status;
  if (status !== 'all') conditions.push(eq(offers.status, status));
  if (q.search) conditions.push(ilike(offers.name, containsPattern(q.search)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = [ordered(sortColumns[q.sort], q.order), ...(q.sort === 'site' ? [ordered(offers.name, q.order)] : []), asc(offers.id)];
  const [rows, total] = await Promise.all([offerRows(db, where, order, pageWindow(q)), countOffers(db, where)]);
  const list = await withLogos(db, rows.map(toOffer), rows);
  return { data: scope.kind === 'affiliate' ? await withYourPayouts(db, list, scope.affiliateId) : list, meta: listMeta(q, total) };
}

/** Each offer's logo, or its site's (creatives). */
async function withLogos(db: Db, list: Offer[], rows: { offer: { id: number; siteId: number; logoUuid: string | null } }[]): Promise<Offer[]> {
  const logos = await offerLogos(db, rows.map((r) => r.offer));
  return list.map((o) => ({ ...o, logo: logos.get(o.id)?.logo ?? null }));
}

/** One offer: an affiliate sees an active one with their payout; staff see its custom payouts. */
export async function getOffer(db: Db, scope: Scope, id: number): Promise<Offer> {
  const loaded = await loadOffer(db, id, isStaffScope(scope) ? scope : null);
  const [own] = await db.select({ id: offers.id, siteId: offers.siteId, logoUuid: offers.logoUuid }).from(offers).where(eq(offers.id, id));
  const offer = { ...loaded, logo: own ? ((await offerLogos(db, [own])).get(id)?.logo ?? null) : null };
  if (scope.kind !== 'affiliate') return offer;
  if (offer.status !== 'active') throw new NotFoundError('Offer not found.');
  const [withPayout] = await withYourPayouts(db, [offer], scope.affiliateId);
  return withPayout!;
}

const columns = (b: Input) => ({
  siteId: b.site_id,
  name: b.name,
  description: b.description,
  payoutType: b.payout_type,
  goal: b.goal,
  defaultPayout: toHundredths(b.default_payout),
  landingPageId: b.landing_page_id ?? null,
  fallbackUrl: b.fallback_url,
});

export async function createOffer(db: Db, b: Input): Promise<Offer> {
  await assertSiteExists(db, b.site_id);
  await assertLandingPageOfSite(db, b.landing_page_id, b.site_id);
  const [row] = await db.insert(offers).values(columns(b)).returning({ id: offers.id });
  return loadOffer(db, row!.id, networkScope);
}

export async function updateOffer(db: Db, id: number, b: Input): Promise<Offer> {
  await assertSiteExists(db, b.site_id);
  await assertLandingPageOfSite(db, b.landing_page_id, b.site_id);
  const updated = await db
    .update(offers)
    .set({ ...columns(b), updatedAt: new Date() })
    .where(eq(offers.id, id))
    .returning({ id: offers.id });
  if (!updated.length) throw new NotFoundError('Offer not found.');
  return loadOffer(db, id, networkScope);
}

/** Archives (or restores) an offer; its links stop counting new clicks. */
export async function archiveOffer(db: Db, id: number, archived: boolean): Promise<Offer> {
  const updated = await db.update(offers).set({ status: archived ? 'archived' : 'active', updatedAt: new Date() }).where(eq(offers.id, id)).returning({ id: offers.id });
  if (!updated.length) throw new NotFoundError('Offer not found.');
  return loadOffer(db, id, networkScope);
}

/** Replaces an offer's custom payouts (per affiliate, per tier) in one transaction. */
export async function replaceCustomPayouts(db: Db, id: number, { affiliates, tiers: tierRows }: CustomPayouts): Promise<Offer> {
  const offer = await loadOffer(db, id, null);
  if (offer.payout_type === 'revshare') {
    const over = [...affiliates, ...tierRows].findIndex((p) => p.amount > 100);
    if (over >= 0) throw new ValidationError({ amount: ['This field must be a positive number from 0 to 100'] });
  }
  const affIds = affiliates.map((a) => a.affiliate_id);
  if (new Set(affIds).size !== affIds.length || new Set(tierRows.map((t) => t.tier_id)).size !== tierRows.length) {
    throw new ValidationError({ affiliates: ['Field must be unique'] });
  }
  if (affIds.length) {
    const found = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, affIds), eq(users.isClient, true)));
    if (found.length !== affIds.length) throw new ValidationError({ affiliates: ['An affiliate in the list does not exist.'] });
  }
  await db.transaction(async (tx) => {
    await tx.delete(offerPayouts).where(eq(offerPayouts.offerId, offer.id));
    const values = [
      ...affiliates.map((a) => ({ offerId: offer.id, affiliateId: a.affiliate_id, tierId: null, amount: toHundredths(a.amount) })),
      ...tierRows.map((t) => ({ offerId: offer.id, affiliateId: null, tierId: t.tier_id, amount: toHundredths(t.amount) })),
    ];
    if (values.length) await tx.insert(offerPayouts).values(values);
  });
  return loadOffer(db, offer.id, networkScope);
}
