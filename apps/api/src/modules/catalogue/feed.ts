import { createHash } from 'node:crypto';
import { type CatalogueKind, creativeIdOf, type FeedFormat, type FeedItem, type feedQuerySchema } from '@portal/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { catalogueItems, offers, sites } from '../../db/schema/index.ts';
import { codesFor, isWithinSite, type LinkSpec, trackingUrl } from '../links/index.ts';
import { affiliateOfKey } from './feed-keys.ts';
import { renderFeed } from './feed-render.ts';

type Query = z.output<typeof feedQuerySchema>;

export interface FeedAnswer {
  etag: string;
  body: string;
  contentType: string;
}

const contentTypes: Record<FeedFormat, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};

/**
 * Public feeds of the newest models or scenes, each link an affiliate's tracking link to the
 * item's page. Cheap when repeated: the ETag comes from the feed's parameters and the
 * catalogue's version (its last change, one index read), and rendered feeds are kept
 * in memory by that ETag, so a warm request is a key check, one small read and a copy.
 */
export class FeedService {
  private readonly db: Db;
  private readonly publicUrl: string;
  private readonly keys = new Map<string, { affiliateId: number | undefined; at: number }>();
  private readonly bodies = new Map<string, FeedAnswer>();
  private readonly keyTtlMs: number;

  constructor(db: Db, publicUrl: string, keyTtlMs = 10_000) {
    this.db = db;
    this.publicUrl = publicUrl;
    this.keyTtlMs = keyTtlMs;
  }

  /** The affiliate of a live key; revocations on this instance take effect at once (`forget`). */
  private async affiliateOf(key: string): Promise<number | undefined> {
    const hit = this.keys.get(key);
    if (hit && Date.now() - hit.at < this.keyTtlMs) return hit.affiliateId;
    const affiliateId = await affiliateOfKey(this.db, key);
    if (this.keys.size > 10_000) this.keys.clear();
    this.keys.set(key, { affiliateId, at: Date.now() });
    return affiliateId;
  }

  forget(key: string | undefined): void {
    if (key) this.keys.delete(key);
  }

  /** Drops every rendered feed (the benchmark's cold runs). */
  clear(): void {
    this.bodies.clear();
    this.keys.clear();
  }

  /** The feed, or undefined for an unknown or revoked key. */
  async get(key: string, kind: CatalogueKind, format: FeedFormat, q: Query): Promise<FeedAnswer | undefined> {
    const affiliateId = await this.affiliateOf(key);
    if (affiliateId === undefined) return undefined;
    const [version] = await this.db
      .select({ last: sql<string>`max(${catalogueItems.updatedAt})::text` })
      .from(catalogueItems)
      .where(eq(catalogueItems.kind, kind));
    const etag = `"${createHash('sha256')
      .update(JSON.stringify([key, kind, format, q.updated_since ?? '', q.start, q.limit, q.sites ?? '', version?.last ?? '', this.publicUrl]))
      .digest('base64url')
      .slice(0, 27)}"`;
    const cached = this.bodies.get(etag);
    if (cached) return cached;
    const { items, total } = await this.build(affiliateId, kind, q);
    const answer = { etag, body: renderFeed(format, kind, { total, start: q.start, limit: q.limit, items }, this.publicUrl), contentType: contentTypes[format] };
    if (this.bodies.size >= 500) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(etag, answer);
    return answer;
  }

  private async build(affiliateId: number, kind: CatalogueKind, q: Query): Promise<{ items: FeedItem[]; total: number }> {
    // Each site's link goes through its first active offer; sites without one are left out.
    const siteIds = q.sites ? q.sites.split(',').map(Number) : undefined;
    const offerRows = await this.db
      .selectDistinctOn([offers.siteId], { siteId: offers.siteId, offerId: offers.id, siteName: sites.displayName, siteUrl: sites.url })
      .from(offers)
      .innerJoin(sites, eq(sites.id, offers.siteId))
      .where(and(eq(offers.status, 'active'), siteIds ? inArray(offers.siteId, siteIds) : undefined))
      .orderBy(offers.siteId, asc(offers.id));
    if (!offerRows.length) return { items: [], total: 0 };
    const bySite = new Map(offerRows.map((o) => [o.siteId, o]));
    const t = catalogueItems;
    const where = and(eq(t.kind, kind), isNull(t.removedAt), inArray(t.siteId, [...bySite.keys()]), q.updated_since ? gt(t.updatedAt, new Date(q.updated_since)) : undefined);
    // The page reads the newest-first index and stops after `limit`; the total is a count of its own
    // (a window count would make the database sort every matching row).
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ item: t })
        .from(t)
        .where(where)
        .orderBy(sql`${t.publishedAt} desc nulls last`, desc(t.id))
        .limit(q.limit)
        .offset(q.start),
      this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t).where(where),
    ]);
    const specs: LinkSpec[] = rows.map(({ item }) => {
      const site = bySite.get(item.siteId)!;
      return {
        affiliateId,
        offerId: site.offerId,
        campaignId: null,
        landingPageId: null,
        // A page outside the site's own address is not linked to: the link leads to the site instead.
        deepUrl: isWithinSite(item.url, site.siteUrl) ? item.url : null,
        creative: creativeIdOf(kind, item.id),
      };
    });
    const codes = await codesFor(this.db, specs);
    const abs = (path: string) => (path.startsWith('/') ? `${this.publicUrl}${path}` : path);
    const items = rows.map(({ item }, i): FeedItem => {
      const images = item.images.map((im) => ({ card: abs(im.card), large: abs(im.large) }));
      return {
        id: creativeIdOf(kind, item.id),
        kind,
        site: bySite.get(item.siteId)!.siteName,
        name: item.name,
        description: item.description,
        link: trackingUrl(this.publicUrl, codes[i]!),
        image: images[0]?.card ?? null,
        images,
        trailer_url: item.trailerUrl,
        tags: item.tags,
        models: item.models,
        fov: item.fov,
        projection: item.projection,
        resolution: item.resolution,
        duration_seconds: item.durationSeconds,
        published_at: item.publishedAt?.toISOString() ?? null,
        updated_at: item.updatedAt.toISOString(),
      };
    });
    const total = counted?.n ?? 0;
    return { items, total };
  }
}

/** True when the request's If-None-Match names this ETag (or `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim().replace(/^W\//, ''));
  return list.includes('*') || list.includes(etag);
}
