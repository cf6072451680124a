import { type CatalogueItem, type CatalogueKind, type catalogueQuerySchema, creativeIdOf } from '@portal/contracts';
import { and, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { catalogueItems, sites } from '../../db/schema/index.ts';
import { statsDay } from '../../lib/days.ts';

type Query = z.output<typeof catalogueQuerySchema>;
export type CatalogueRow = typeof catalogueItems.$inferSelect;

/** "What converts" looks this far back. */
export const CONVERTS_WINDOW_DAYS = 30;

export function toItem(row: CatalogueRow, siteName: string, epcCents: number | null): CatalogueItem {
  const kind = row.kind as CatalogueKind;
  return {
    id: row.id,
    creative_id: creativeIdOf(kind, row.id),
    kind,
    site: { id: row.siteId, name: siteName },
    external_id: row.externalId,
    name: row.name,
    description: row.description,
    url: row.url,
    tags: row.tags,
    models: row.models,
    images: row.images,
    trailer_url: row.trailerUrl,
    fov: row.fov,
    projection: row.projection,
    resolution: row.resolution,
    duration_seconds: row.durationSeconds,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    epc: epcCents === null ? null : Math.round(epcCents * 100) / 10000,
  };
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(kind: CatalogueKind, q: Query): SQL[] {
  const t = catalogueItems;
  const where: SQL[] = [eq(t.kind, kind), isNull(t.removedAt)];
  if (q.site_id) where.push(eq(t.siteId, q.site_id));
  if (q.search) {
    const p = likePattern(q.search);
    where.push(sql`(${t.name} ilike ${p} or ${t.models}::text ilike ${p} or ${t.tags}::text ilike ${p})`);
  }
  if (q.tag) where.push(sql`${t.tags} @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.fov) where.push(eq(t.fov, Number(q.fov)));
  if (q.projection) where.push(eq(t.projection, q.projection));
  if (q.resolution) where.push(eq(t.resolution, q.resolution));
  if (q.min_duration !== undefined) where.push(gte(t.durationSeconds, q.min_duration * 60));
  if (q.max_duration !== undefined) where.push(lte(t.durationSeconds, q.max_duration * 60));
  return where;
}

/**
 * Earnings per click of each creative of the kind over the last 30 days, all affiliates together,
 * from the daily rollup (cents per click). A subquery the list joins.
 */
function conversionRates(db: Db, kind: CatalogueKind) {
  const since = statsDay(new Date(Date.now() - CONVERTS_WINDOW_DAYS * 86_400_000));
  return db
    .select({
      creative: sql<string>`creative`.as('creative'),
      epc: sql<number>`sum(earnings_cents)::float8 / nullif(sum(clicks), 0)`.as('epc'),
    })
    .from(sql`stats_daily`)
    .where(sql`creative >= ${`${kind}:`} and creative < ${`${kind};`} and day >= ${since}`)
    .groupBy(sql`creative`)
    .as('rates');
}

/** A page of models or scenes with the filters, newest first or by what converts. */
export async function listCatalogue(db: Db, kind: CatalogueKind, q: Query): Promise<{ items: CatalogueItem[]; total: number }> {
  const rates = conversionRates(db, kind);
  const newest = [sql`${catalogueItems.publishedAt} desc nulls last`, desc(catalogueItems.id)];
  const order = q.sort === 'converts' ? [sql`${rates.epc} desc nulls last`, ...newest] : newest;
  const rows = await db
    .select({ item: catalogueItems, siteName: sites.displayName, epc: rates.epc, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(catalogueItems)
    .innerJoin(sites, eq(sites.id, catalogueItems.siteId))
    .leftJoin(rates, sql`${rates.creative} = ${kind} || ':' || ${catalogueItems.id}`)
    .where(and(...filters(kind, q)))
    .orderBy(...order)
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(catalogueItems).where(and(...filters(kind, q)));
    total = c?.n ?? 0;
  }
  return { items: rows.map((r) => toItem(r.item, r.siteName, r.epc === null ? null : Number(r.epc))), total };
}

export interface Facets {
  tags: string[];
  projections: string[];
  resolutions: string[];
  fovs: number[];
}

/** Each database's choices by kind: two apps in one process (tests, instances) never read each other's. */
const facetCaches = new WeakMap<Db, Map<CatalogueKind, { at: number; value: Promise<Facets> }>>();

function facetCacheOf(db: Db): Map<CatalogueKind, { at: number; value: Promise<Facets> }> {
  let cache = facetCaches.get(db);
  if (!cache) facetCaches.set(db, (cache = new Map()));
  return cache;
}

/** The filter choices of a kind: its most used tags and the VR facts present. Kept for a minute. */
export function facetsOf(db: Db, kind: CatalogueKind): Promise<Facets> {
  const cache = facetCacheOf(db);
  const hit = cache.get(kind);
  if (hit && Date.now() - hit.at < 60_000) return hit.value;
  const value = loadFacets(db, kind);
  value.catch(() => cache.delete(kind));
  cache.set(kind, { at: Date.now(), value });
  return value;
}

/** Forgets the database's cached choices (after a sync). */
export function clearFacets(db: Db): void {
  facetCaches.get(db)?.clear();
}

async function loadFacets(db: Db, kind: CatalogueKind): Promise<Facets> {
  const live = sql`kind = ${kind} and removed_at is null`;
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [tags, facts] = await Promise.all([
    rowsOf<{ tag: string }>(sql`select tag from catalogue_items, jsonb_array_elements_text(tags) tag where ${live} group by tag order by count(*) desc, tag limit 100`),
    rowsOf<{ projections: string[] | null; resolutions: string[] | null; fovs: number[] | null }>(
      sql`select array_agg(distinct projection) filter (where projection is not null) projections,
                 array_agg(distinct resolution) filter (where resolution is not null) resolutions,
                 array_agg(distinct fov) filter (where fov is not null) fovs
          from catalogue_items where ${live}`,
    ),
  ]);
  const f = facts[0];
  return {
    tags: tags.map((r) => r.tag).sort((a, b) => a.localeCompare(b)),
    projections: f?.projections ?? [],
    resolutions: f?.resolutions ?? [],
    fovs: (f?.fovs ?? []).map(Number),
  };
}
