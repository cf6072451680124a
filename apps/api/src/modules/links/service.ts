import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, landingPages, offers, sites, trackingLinks } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

export interface LinkSpec {
  affiliateId: number;
  offerId: number;
  campaignId: number | null;
  landingPageId: number | null;
  deepUrl: string | null;
}

const fingerprintOf = (spec: LinkSpec) => sha256([spec.affiliateId, spec.offerId, spec.campaignId ?? '', spec.landingPageId ?? '', spec.deepUrl ?? ''].join('|'));

/** The same combination always gives the same code, so links stay stable however often they are made. */
export async function codeFor(db: Db, spec: LinkSpec): Promise<string> {
  const fingerprint = fingerprintOf(spec);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await db
      .insert(trackingLinks)
      .values({ code: randomToken(8).slice(0, 10), fingerprint, ...spec })
      .onConflictDoNothing()
      .returning({ code: trackingLinks.code });
    if (created) return created.code;
    const [existing] = await db.select({ code: trackingLinks.code }).from(trackingLinks).where(eq(trackingLinks.fingerprint, fingerprint));
    if (existing) return existing.code;
    // A clash on the random code itself: try another.
  }
  throw new Error('could not allocate a tracking code');
}

/** The codes already made for these combinations (undefined where none was), read in one query. */
export async function existingCodes(db: Db, specs: LinkSpec[]): Promise<Array<string | undefined>> {
  if (!specs.length) return [];
  const prints = specs.map(fingerprintOf);
  const rows = await db.select({ code: trackingLinks.code, fingerprint: trackingLinks.fingerprint }).from(trackingLinks).where(inArray(trackingLinks.fingerprint, prints));
  const byPrint = new Map(rows.map((r) => [r.fingerprint, r.code]));
  return prints.map((p) => byPrint.get(p));
}

export const subKeys = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
export type Subs = Partial<Record<(typeof subKeys)[number], string | undefined>>;

export function trackingUrl(publicUrl: string, code: string, subs: Subs = {}): string {
  const q = new URLSearchParams();
  for (const k of subKeys) {
    const v = subs[k];
    if (v) q.set(k, v);
  }
  const qs = q.toString();
  return `${publicUrl}/t/${code}${qs ? `?${qs}` : ''}`;
}

/** A deep link must stay within the offer's site (its host or a subdomain). */
export function isWithinSite(url: string, siteUrl: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    const siteHost = new URL(/^https?:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl}`).hostname.toLowerCase().replace(/^www\./, '');
    return host === siteHost || host.endsWith(`.${siteHost}`);
  } catch {
    return false;
  }
}

/** The site of an offer an affiliate may link to (an active one), or a field error on `offer_id`. */
export async function liveOfferSite(db: Db, offerId: number): Promise<{ siteId: number; siteUrl: string }> {
  const [offer] = await db
    .select({ siteId: offers.siteId, status: offers.status, siteUrl: sites.url })
    .from(offers)
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .where(eq(offers.id, offerId));
  if (!offer || offer.status !== 'active') throw new ValidationError({ offer_id: ['This offer is not available.'] });
  return offer;
}

/** Checks that the parts of a link belong together and to this affiliate. */
export async function validateLinkSpec(db: Db, spec: LinkSpec): Promise<void> {
  const offer = await liveOfferSite(db, spec.offerId);
  if (spec.landingPageId) {
    const [lp] = await db.select({ siteId: landingPages.siteId }).from(landingPages).where(eq(landingPages.id, spec.landingPageId));
    if (!lp || lp.siteId !== offer.siteId) throw new ValidationError({ landing_page_id: ["This landing page does not belong to the offer's site."] });
  }
  if (spec.campaignId) {
    const [c] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, spec.campaignId), eq(campaigns.affiliateId, spec.affiliateId), eq(campaigns.offerId, spec.offerId), isNull(campaigns.deletedAt)));
    if (!c) throw new ValidationError({ campaign_id: ['This campaign is not one of yours for this offer.'] });
  }
  if (spec.deepUrl && !isWithinSite(spec.deepUrl, offer.siteUrl)) {
    throw new ValidationError({ deep_url: ["The link must point to a page of the offer's site."] });
  }
}
