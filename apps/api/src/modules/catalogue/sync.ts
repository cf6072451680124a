import { setTimeout as sleep } from 'node:timers/promises';
import type { CatalogueKind, CatalogueMapping } from '@portal/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueItems, catalogueSyncs, sites, type StoredImage } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type OutboundPolicy, safeGetBody } from '../../lib/safe-fetch.ts';
import type { ImageStore } from './images.ts';
import { CataloguePageError, contentHashOf, type MappedItem, mapPage, pageUrl } from './mapping.ts';

/**
 * One catalogue sync of a site: every page of its models and scenes APIs is read (each page
 * retried with backoff), and only once a kind's pages have all arrived is it applied: upserts by
 * the site's own ids (an unchanged item is not written), and items no longer listed marked
 * removed. A failure records its error on the run and changes nothing of that kind.
 */

export interface SyncOptions {
  policy: OutboundPolicy;
  images: ImageStore;
  /** First delay between tries of a page; doubles per try. */
  retryBaseMs: number;
  pageTries?: number;
  pageTimeoutMs?: number;
  maxPages?: number;
}

export interface SyncResult {
  added: number;
  updated: number;
  removed: number;
  /** Problems that did not stop the sync (images that could not be used); the job retries for them. */
  problems: string[];
}

const MAX_PAGE_BYTES = 20 * 1024 * 1024;

export class SyncError extends Error {}

/** One page as JSON, tried `tries` times: a 5xx, a timeout, a refused or malformed answer are all retried. */
async function fetchPage(url: string, label: string, opts: SyncOptions): Promise<unknown> {
  const tries = opts.pageTries ?? 3;
  let last = '';
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (attempt > 1) await sleep(opts.retryBaseMs * 2 ** (attempt - 2));
    const answer = await safeGetBody(url, opts.policy, { timeoutMs: opts.pageTimeoutMs ?? 15_000, maxBytes: MAX_PAGE_BYTES, accept: 'application/json' });
    if (answer.outcome === 'refused') throw new SyncError(`${label}: ${answer.message}`);
    if (answer.outcome === 'error') {
      last = answer.message;
      continue;
    }
    if (answer.status < 200 || answer.status > 299) {
      last = `HTTP ${answer.status}`;
      continue;
    }
    if (answer.truncated) throw new SyncError(`${label}: the answer is larger than 20 MB`);
    try {
      return JSON.parse(answer.body.toString('utf8'));
    } catch {
      last = 'the answer is not valid JSON';
    }
  }
  throw new SyncError(`${label}: ${last}`);
}

/** Every item of one kind, page by page; the last listing of an id wins. */
async function fetchAll(apiUrl: string, kind: CatalogueKind, mapping: CatalogueMapping, opts: SyncOptions): Promise<MappedItem[]> {
  const byId = new Map<string, MappedItem>();
  const maxPages = opts.maxPages ?? 1000;
  for (let page = 1; page <= maxPages; page++) {
    const url = pageUrl(apiUrl, page, mapping);
    const label = `${kind}s page ${page}`;
    const body = await fetchPage(url, label, opts);
    let mapped;
    try {
      mapped = mapPage(body, kind, mapping, url, page);
    } catch (error) {
      throw new SyncError(`${label}: ${error instanceof CataloguePageError ? error.message : 'unreadable answer'}`);
    }
    for (const item of mapped.items) byId.set(item.externalId, item);
    if (!mapped.more) break;
  }
  return [...byId.values()];
}

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

async function imagesFor(store: ImageStore, kind: CatalogueKind, sources: string[], problems: string[]): Promise<StoredImage[]> {
  const out: StoredImage[] = [];
  for (const source of sources) {
    try {
      out.push(await store.get(source, kind));
    } catch (error) {
      problems.push(`image ${source.slice(0, 200)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return out;
}

/** Applies a kind's complete listing: adds, updates, re-lists and removes. */
async function apply(db: Db, siteId: number, kind: CatalogueKind, items: MappedItem[], store: ImageStore, problems: string[]): Promise<Omit<SyncResult, 'problems'>> {
  const existing = await db
    .select({ id: catalogueItems.id, externalId: catalogueItems.externalId, contentHash: catalogueItems.contentHash, removedAt: catalogueItems.removedAt, images: catalogueItems.images, imageSources: catalogueItems.imageSources })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.siteId, siteId), eq(catalogueItems.kind, kind)));
  const known = new Map(existing.map((e) => [e.externalId, e]));
  let added = 0;
  let updated = 0;
  // `imagesOnly`: the item is unchanged but some of its images failed before: they are tried again.
  const candidates: Array<{ item: MappedItem; hash: string; images: StoredImage[] | undefined; isNew: boolean; imagesOnly: boolean }> = [];
  for (const item of items) {
    const hash = contentHashOf(item);
    const before = known.get(item.externalId);
    const imagesMissing = before ? before.images.length < item.imageSources.length : false;
    const unchanged = before !== undefined && before.contentHash === hash && before.removedAt === null;
    if (unchanged && !imagesMissing) continue;
    candidates.push({ item, hash, images: undefined, isNew: !before, imagesOnly: unchanged });
  }
  await eachLimited(candidates, 4, async (w) => {
    const before = known.get(w.item.externalId);
    const sameSources = before && JSON.stringify(before.imageSources) === JSON.stringify(w.item.imageSources) && before.images.length === w.item.imageSources.length;
    w.images = sameSources ? before.images : await imagesFor(store, kind, w.item.imageSources, problems);
  });
  const writes = candidates.filter((w) => !w.imagesOnly || (w.images?.length ?? 0) > (known.get(w.item.externalId)?.images.length ?? 0));
  const now = new Date();
  for (let i = 0; i < writes.length; i += 500) {
    const chunk = writes.slice(i, i + 500);
    await db
      .insert(catalogueItems)
      .values(
        chunk.map((w) => ({
          siteId,
          kind,
          externalId: w.item.externalId,
          name: w.item.name,
          description: w.item.description,
          url: w.item.url,
          tags: w.item.tags,
          models: w.item.models,
          images: w.images ?? [],
          imageSources: w.item.imageSources,
          trailerUrl: w.item.trailerUrl,
          fov: w.item.fov,
          projection: w.item.projection,
          resolution: w.item.resolution,
          durationSeconds: w.item.durationSeconds,
          publishedAt: w.item.publishedAt,
          contentHash: w.hash,
          removedAt: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [catalogueItems.siteId, catalogueItems.kind, catalogueItems.externalId],
        set: Object.fromEntries(
          ['name', 'description', 'url', 'tags', 'models', 'images', 'image_sources', 'trailer_url', 'fov', 'projection', 'resolution', 'duration_seconds', 'published_at', 'content_hash', 'removed_at', 'updated_at'].map((c) => [
            c.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()),
            sql.raw(`excluded.${c}`),
          ]),
        ),
      });
    for (const w of chunk) {
      if (w.isNew) added++;
      else if (!w.imagesOnly) updated++;
    }
  }
  const listed = new Set(items.map((i) => i.externalId));
  const gone = existing.filter((e) => e.removedAt === null && !listed.has(e.externalId)).map((e) => e.id);
  for (let i = 0; i < gone.length; i += 1000) {
    await db
      .update(catalogueItems)
      .set({ removedAt: now, updatedAt: now })
      .where(and(inArray(catalogueItems.id, gone.slice(i, i + 1000)), isNull(catalogueItems.removedAt)));
  }
  return { added, updated, removed: gone.length };
}

/** Syncs a site's catalogue and records the run (its counts, and its error if it failed). */
export async function syncSite(db: Db, siteId: number, opts: SyncOptions): Promise<SyncResult> {
  const [site] = await db.select({ id: sites.id, modelsApiUrl: sites.modelsApiUrl, scenesApiUrl: sites.scenesApiUrl, mapping: sites.catalogueMapping }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new NotFoundError('Site not found.');
  const [run] = await db.insert(catalogueSyncs).values({ siteId }).returning({ id: catalogueSyncs.id });
  const totals: SyncResult = { added: 0, updated: 0, removed: 0, problems: [] };
  const mapping = (site.mapping ?? {}) as CatalogueMapping;
  try {
    for (const [kind, apiUrl] of [
      ['model', site.modelsApiUrl],
      ['scene', site.scenesApiUrl],
    ] as const) {
      if (!apiUrl) continue;
      const items = await fetchAll(apiUrl, kind, mapping, opts);
      const r = await apply(db, siteId, kind, items, opts.images, totals.problems);
      totals.added += r.added;
      totals.updated += r.updated;
      totals.removed += r.removed;
    }
  } catch (error) {
    const message = error instanceof SyncError ? error.message : 'The sync failed unexpectedly.';
    await finish(db, run!.id, totals, message);
    throw error;
  }
  const problem = totals.problems.length ? `${totals.problems.length} image(s) could not be used; first: ${totals.problems[0]}` : null;
  await finish(db, run!.id, totals, problem);
  return totals;
}

async function finish(db: Db, runId: number, r: SyncResult, error: string | null): Promise<void> {
  await db
    .update(catalogueSyncs)
    .set({ finishedAt: new Date(), added: r.added, updated: r.updated, removed: r.removed, error: error?.slice(0, 500) ?? null })
    .where(eq(catalogueSyncs.id, runId));
}
