import type { CapMode, CapPeriod, DeviceClass, SmartLinkMode } from '@portal/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FallbackReason } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { campaigns, caps, landingPages, offers, settings, sites, smartLinkEntries, smartLinks, trackingLinks, users } from '../../db/schema/index.ts';

/** A click cap as the link cache holds it with the link (counted by caps' `ClickCapCounter`). */
export interface ClickCap {
  id: number;
  period: CapPeriod;
  limit: number;
  mode: CapMode;
  alertPercent: number;
}

export interface GeoTarget {
  country: string;
  destination_type: 'landing_page' | 'url';
  landing_page_id?: number | null;
  url?: string | null;
}

export interface ResolvedLink {
  /** The tracking link, null for an offer of a smart link. */
  linkId: number | null;
  affiliateId: number;
  offerId: number;
  siteId: number;
  campaignId: number | null;
  landingPageId: number | null;
  offerActive: boolean;
  campaignActive: boolean;
  /** The affiliate's account is active and approved: otherwise clicks are sent on but not counted. */
  affiliateActive: boolean;
  siteUrl: string;
  /** The click caps on the offer (its own and the affiliate's), counted in the redirect (caps/click-caps.ts). */
  clickCaps: ClickCap[];
  /** Where the click goes when it cannot go to the offer: the offer's fallback, else the site's, else the network's, else the site's home page. */
  fallbackUrl: string;
  /** The network's default fallback (Global Settings), kept by the link cache for links it cannot read. */
  networkFallbackUrl: string | null;
  deepUrl: string | null;
  /** The creative the link was made from: the click carries it into statistics at no extra read. */
  creative: string | null;
  linkLandingUrl: string | null;
  offerLandingUrl: string | null;
  offerLandingPageId: number | null;
  campaign: { destinationType: string; landingPageId: number | null; landingUrl: string | null; destinationUrl: string | null; geo: GeoTarget[] } | null;
  /** Landing page urls of the site, for geo targets that name a landing page. */
  siteLandingUrls: Map<number, string>;
}

/** Site and fallback addresses may be stored without their scheme ("example.com"). */
const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

/**
 * What the redirect needs of caps and fallbacks, read with the link (no query of its own on the click
 * path): the offer's click caps that apply to the affiliate (`affiliateId`, the link's column), and
 * the fallback chain's addresses, the network's default from Global Settings > Network details.
 */
const capsAndFallbackColumns = (affiliateId: AnyPgColumn) => ({
  offerFallbackUrl: offers.fallbackUrl,
  siteFallbackUrl: sites.fallbackUrl,
  networkFallbackUrl: sql<string | null>`(select ${settings.value} ->> 'default_fallback_url' from ${settings} where ${settings.key} = 'network_details')`,
  clickCaps: sql<ClickCap[] | null>`(select json_agg(json_build_object('id', ${caps.id}, 'period', ${caps.period}, 'limit', ${caps.limit}, 'mode', ${caps.mode}, 'alertPercent', ${caps.alertPercent}) order by ${caps.id})
    from ${caps} where ${caps.offerId} = ${offers.id} and ${caps.metric} = 'clicks' and (${caps.affiliateId} is null or ${caps.affiliateId} = ${affiliateId}))`,
});

/** The link's click caps and fallback address from those columns (the offer's, else the site's, else the network's, else the site's home page). */
function capsAndFallback(r: { clickCaps: ClickCap[] | string | null; offerFallbackUrl: string | null; siteFallbackUrl: string | null; networkFallbackUrl: string | null; siteUrl: string }): Pick<ResolvedLink, 'clickCaps' | 'fallbackUrl' | 'networkFallbackUrl'> {
  return {
    clickCaps: (typeof r.clickCaps === 'string' ? (JSON.parse(r.clickCaps) as ClickCap[] | null) : r.clickCaps) ?? [],
    fallbackUrl: absolute(r.offerFallbackUrl || r.siteFallbackUrl || r.networkFallbackUrl || r.siteUrl),
    networkFallbackUrl: r.networkFallbackUrl ? absolute(r.networkFallbackUrl) : null,
  };
}

const linkLp = alias(landingPages, 'link_lp');
const offerLp = alias(landingPages, 'offer_lp');
const campaignLp = alias(landingPages, 'campaign_lp');

async function load(db: Db, code: string): Promise<ResolvedLink | null> {
  const [r] = await db
    .select({
      link: trackingLinks,
      offerStatus: offers.status,
      affiliateActive: sql<boolean>`(${users.isActive} and ${users.approvalStatus} = 'approved')`,
      siteId: offers.siteId,
      offerLandingPageId: offers.landingPageId,
      siteUrl: sites.url,
      ...capsAndFallbackColumns(trackingLinks.affiliateId),
      linkLpUrl: linkLp.url,
      offerLpUrl: offerLp.url,
      campaign: campaigns,
      campaignLpUrl: campaignLp.url,
    })
    .from(trackingLinks)
    .innerJoin(offers, eq(offers.id, trackingLinks.offerId))
    .innerJoin(users, eq(users.id, trackingLinks.affiliateId))
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .leftJoin(linkLp, eq(linkLp.id, trackingLinks.landingPageId))
    .leftJoin(offerLp, eq(offerLp.id, offers.landingPageId))
    .leftJoin(campaigns, eq(campaigns.id, trackingLinks.campaignId))
    .leftJoin(campaignLp, eq(campaignLp.id, campaigns.landingPageId))
    .where(eq(trackingLinks.code, code));
  if (!r) return null;
  const geo = (r.campaign?.geoTargeting ?? []) as GeoTarget[];
  const siteLandingUrls = new Map<number, string>();
  if (geo.some((g) => g.landing_page_id)) {
    for (const lp of await db.select({ id: landingPages.id, url: landingPages.url }).from(landingPages).where(eq(landingPages.siteId, r.siteId))) {
      siteLandingUrls.set(lp.id, lp.url);
    }
  }
  return {
    linkId: r.link.id,
    affiliateId: r.link.affiliateId,
    offerId: r.link.offerId,
    siteId: r.siteId,
    campaignId: r.link.campaignId,
    landingPageId: r.link.landingPageId ?? r.campaign?.landingPageId ?? r.offerLandingPageId,
    offerActive: r.offerStatus === 'active',
    campaignActive: !r.campaign || r.campaign.deletedAt === null,
    affiliateActive: Boolean(r.affiliateActive),
    siteUrl: absolute(r.siteUrl),
    ...capsAndFallback(r),
    deepUrl: r.link.deepUrl,
    creative: r.link.creative,
    linkLandingUrl: r.linkLpUrl,
    offerLandingUrl: r.offerLpUrl,
    offerLandingPageId: r.offerLandingPageId,
    campaign: r.campaign
      ? { destinationType: r.campaign.destinationType, landingPageId: r.campaign.landingPageId, landingUrl: r.campaignLpUrl, destinationUrl: r.campaign.destinationUrl, geo }
      : null,
    siteLandingUrls,
  };
}

/** Smart link codes are 12 characters, tracking links' 10: the length says which table answers. */
export const SMART_LINK_CODE_LENGTH = 12;
export const isSmartLinkCode = (code: string): boolean => code.length === SMART_LINK_CODE_LENGTH;

/** One offer of a smart link as the redirect uses it: its targeting and the offer resolved like a tracking link's. */
export interface SmartLinkChoice {
  offerId: number;
  weight: number;
  /** Empty: any. */
  countries: readonly string[];
  devices: readonly DeviceClass[];
  catchAll: boolean;
  link: ResolvedLink;
}

export interface ResolvedSmartLink {
  id: number;
  affiliateId: number;
  mode: SmartLinkMode;
  affiliateActive: boolean;
  /** Where a visitor goes when no offer of the link is active: the first offer's site. */
  homeUrl: string;
  entries: SmartLinkChoice[];
}

async function loadSmart(db: Db, code: string): Promise<ResolvedSmartLink | null> {
  const rows = await db
    .select({
      id: smartLinks.id,
      affiliateId: smartLinks.affiliateId,
      mode: smartLinks.mode,
      affiliateActive: sql<boolean>`(${users.isActive} and ${users.approvalStatus} = 'approved')`,
      deleted: sql<boolean>`(${smartLinks.deletedAt} is not null)`,
      entry: smartLinkEntries,
      offerStatus: offers.status,
      siteId: offers.siteId,
      offerLandingPageId: offers.landingPageId,
      siteUrl: sites.url,
      offerLpUrl: landingPages.url,
      ...capsAndFallbackColumns(smartLinks.affiliateId),
    })
    .from(smartLinks)
    .innerJoin(users, eq(users.id, smartLinks.affiliateId))
    .innerJoin(smartLinkEntries, eq(smartLinkEntries.smartLinkId, smartLinks.id))
    .innerJoin(offers, eq(offers.id, smartLinkEntries.offerId))
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .leftJoin(landingPages, eq(landingPages.id, offers.landingPageId))
    .where(eq(smartLinks.code, code))
    .orderBy(asc(smartLinkEntries.position));
  const first = rows[0];
  if (!first) return null;
  // A deleted link answers like one of an inactive affiliate: to a site, uncounted.
  const affiliateActive = Boolean(first.affiliateActive) && !first.deleted;
  return {
    id: first.id,
    affiliateId: first.affiliateId,
    mode: first.mode === 'epc' ? 'epc' : 'weight',
    affiliateActive,
    homeUrl: absolute(first.siteUrl),
    entries: rows.map((r) => ({
      offerId: r.entry.offerId,
      weight: r.entry.weight,
      countries: r.entry.countries,
      devices: r.entry.devices as DeviceClass[],
      catchAll: r.entry.catchAll,
      link: {
        linkId: null,
        affiliateId: r.affiliateId,
        offerId: r.entry.offerId,
        siteId: r.siteId,
        campaignId: null,
        landingPageId: r.offerLandingPageId,
        offerActive: r.offerStatus === 'active',
        campaignActive: true,
        affiliateActive,
        siteUrl: absolute(r.siteUrl),
        ...capsAndFallback(r),
        deepUrl: null,
        creative: null,
        linkLandingUrl: null,
        offerLandingUrl: r.offerLpUrl,
        offerLandingPageId: r.offerLandingPageId,
        campaign: null,
        siteLandingUrls: new Map(),
      },
    })),
  };
}

/**
 * How long an instance may go on using what it read about a link: the bound within which a paused
 * offer, a deactivated affiliate or an edited campaign stops (or starts) counting on every instance
 * (docs/deploy.md). The instance that makes the change clears its own cache at once.
 */
export const LINK_CACHE_TTL_MS = 5000;

/**
 * Links are read on every click: kept in memory for a few seconds, so a busy link costs no query
 * while edits (archiving, campaign changes) still take effect quickly.
 */
/** How soon a link served from its last good copy (the database not answering) is read again. */
const STALE_RETRY_MS = 1000;

interface CacheEntry {
  value: Promise<ResolvedLink | ResolvedSmartLink | null>;
  at: number;
  /** The last copy read successfully (null: known not to exist). */
  last: ResolvedLink | ResolvedSmartLink | null | undefined;
}

export class LinkCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly db: Db;
  private readonly ttlMs: number;
  private readonly available: () => boolean;
  /**
   * The network's default fallback as the last link read said (Global Settings): where a click on a
   * link this instance has never read goes while the database does not answer.
   */
  networkFallbackUrl: string | null = null;

  /** `available`: whether a primary is known (db/client.ts); while not, links are served from their last good copy without asking. */
  constructor(db: Db, ttlMs = LINK_CACHE_TTL_MS, available: () => boolean = () => true) {
    this.db = db;
    this.ttlMs = ttlMs;
    this.available = available;
  }

  get(code: string): Promise<ResolvedLink | null> {
    return this.cached(code, load) as Promise<ResolvedLink | null>;
  }

  /** A smart link by its code (12 characters), cached like tracking links: `clear` drops both. */
  getSmart(code: string): Promise<ResolvedSmartLink | null> {
    return this.cached(code, loadSmart) as Promise<ResolvedSmartLink | null>;
  }

  /**
   * A copy younger than the lifetime, else a new read. When the database cannot answer, a link
   * already known keeps its last good copy (clicks keep resolving while no primary is reachable;
   * it is read again a second later); a link never read fails as before.
   */
  private cached(code: string, loader: (db: Db, code: string) => Promise<ResolvedLink | ResolvedSmartLink | null>): Promise<ResolvedLink | ResolvedSmartLink | null> {
    const hit = this.entries.get(code);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    if (hit && hit.last !== undefined && !this.available()) return hit.value;
    const entry: CacheEntry = { value: Promise.resolve(null), at: Date.now(), last: hit?.last };
    entry.value = loader(this.db, code).then(
      (found) => {
        if (found && 'networkFallbackUrl' in found) this.networkFallbackUrl = found.networkFallbackUrl;
        return (entry.last = found);
      },
      (err: unknown) => {
        if (entry.last === undefined) {
          if (this.entries.get(code) === entry) this.entries.delete(code);
          throw err;
        }
        entry.at = Date.now() - this.ttlMs + STALE_RETRY_MS;
        return entry.last;
      },
    );
    if (this.entries.size > 50_000) this.entries.clear();
    this.entries.set(code, entry);
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Where a click goes: a campaign's country target, the campaign, a deep link, the link's or offer's landing page, the site. */
export function destinationFor(link: ResolvedLink, country: string | null): { url: string; landingPageId: number | null } {
  const c = link.campaign;
  if (c) {
    const target = country ? c.geo.find((g) => g.country === country) : undefined;
    if (target) {
      if (target.destination_type === 'url' && target.url) return { url: target.url, landingPageId: null };
      const lpUrl = target.landing_page_id ? link.siteLandingUrls.get(target.landing_page_id) : undefined;
      if (lpUrl) return { url: lpUrl, landingPageId: target.landing_page_id ?? null };
    }
    if (c.destinationType === 'url' && c.destinationUrl) return { url: c.destinationUrl, landingPageId: null };
    if (c.landingUrl) return { url: c.landingUrl, landingPageId: c.landingPageId };
  }
  if (link.deepUrl) return { url: link.deepUrl, landingPageId: null };
  if (link.linkLandingUrl) return { url: link.linkLandingUrl, landingPageId: link.landingPageId };
  if (link.offerLandingUrl) return { url: link.offerLandingUrl, landingPageId: link.offerLandingPageId };
  return { url: link.siteUrl, landingPageId: null };
}

/**
 * Why a click cannot go to its offer, or null when it can: the offer archived, the campaign
 * deleted, the affiliate inactive. (Caps and targeting add their own reasons where they decide.)
 */
export function fallbackReasonFor(link: ResolvedLink): FallbackReason | null {
  if (!link.offerActive) return 'offer_inactive';
  if (!link.affiliateActive) return 'affiliate_inactive';
  if (!link.campaignActive) return 'campaign_deleted';
  return null;
}


/** Puts the click id into the destination: in place of a {cid} macro, or as cid=. */
export function withClickId(url: string, cid: string): string {
  if (url.includes('{cid}')) return url.replaceAll('{cid}', encodeURIComponent(cid));
  try {
    const u = new URL(url);
    u.searchParams.set('cid', cid);
    return u.toString();
  } catch {
    return `${url}${url.includes('?') ? '&' : '?'}cid=${encodeURIComponent(cid)}`;
  }
}
