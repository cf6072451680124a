import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, catalogueItems, landingPages, offers, sites, trackingLinks } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

export interface LinkSpec {
  affiliateId: number;
  offerId: number;
  campaignId: number | null;
  landingPageId: number | null;
  deepUrl: string | null;
  /** The creative the link is made from (`scene:12`); absent for plain links. */
  creative?: string | null;
}

// The creative joins the fingerprint only when there is one, so links made before it keep their codes.
const fingerprintOf = (spec: LinkSpec) =>
  sha256([spec.affiliateId, spec.offerId, spec.campaignId ?? '', spec.landingPageId ?? '', spec.deepUrl ?? '', ...(spec.creative ? [spec.creative] : [])].join('|'));

/** The same combination always gives the same code, so links stay stable however often they are made. */
export async function codeFor(db: Db, spec: LinkSpec): Promise<string> {
  const fingerprint = fingerprintOf(spec);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await db
      .insert(trackingLinks)
      .values({ code: randomToken(8).slice(0, 10), fingerprint, ...spec, creative: spec.creative ?? null })
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

/** The codes of many combinations at once (a feed's items): one read, one insert for those not made yet. */
export async function codesFor(db: Db, specs: LinkSpec[]): Promise<string[]> {
  const codes = await existingCodes(db, specs);
  const missing = specs.flatMap((spec, i) => (codes[i] === undefined ? [{ i, spec, fingerprint: fingerprintOf(spec) }] : []));
  if (missing.length) {
    await db
      .insert(trackingLinks)
      .values(missing.map((m) => ({ code: randomToken(8).slice(0, 10), fingerprint: m.fingerprint, ...m.spec, creative: m.spec.creative ?? null })))
      .onConflictDoNothing();
    const again = await existingCodes(db, missing.map((m) => m.spec));
    missing.forEach((m, n) => {
      codes[m.i] = again[n];
    });
    // A clash on a random code leaves a combination without one: made one by one.
    for (const m of missing) codes[m.i] ??= await codeFor(db, m.spec);
  }
  return codes as string[];
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
  const catalogue = spec.creative ? /^(model|scene):(\d+)$/.exec(spec.creative) : null;
  if (catalogue) {
    const [item] = await db
      .select({ siteId: catalogueItems.siteId })
      .from(catalogueItems)
      .where(and(eq(catalogueItems.id, Number(catalogue[2])), eq(catalogueItems.kind, catalogue[1]!), isNull(catalogueItems.removedAt)));
    if (!item || item.siteId !== offer.siteId) throw new ValidationError({ creative_id: ["This creative does not belong to the offer's site."] });
  }
}
