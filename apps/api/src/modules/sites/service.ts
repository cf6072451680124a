import { type LastSync, type ListMeta, listMeta, pageWindow, type Site, type siteInputSchema, type sitesQuerySchema } from '@portal/contracts';
import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sites, users } from '../../db/schema/index.ts';
import { NotFoundError, UniqueError, ValidationError } from '../../lib/errors.ts';
import { containsPattern, ordered } from '../../lib/list.ts';
import { isStaffScope, networkScope, type Scope } from '../../lib/scope.ts';
import { newSiteKey, type SiteRow } from './keys.ts';
import { lastSyncs } from './last-syncs.ts';

type Input = z.output<typeof siteInputSchema>;
/** The network's scope (staff) also sees key prefixes and catalogue addresses; an affiliate's does not. */
function toSite(row: SiteRow, manager: { id: number; name: string } | null, scope: Scope, lastSync: LastSync | null = null): Site {
  const staff = isStaffScope(scope);
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    url: row.url,
    description: row.description,
    type: row.type,
    manager,
    models_api_url: staff ? row.modelsApiUrl : null,
    scenes_api_url: staff ? row.scenesApiUrl : null,
    message: row.message,
    fallback_url: staff ? row.fallbackUrl : null,
    ...(staff ? { api_key_prefix: row.apiKeyPrefix, catalogue_mapping: row.catalogueMapping ? JSON.stringify(row.catalogueMapping) : null, last_sync: lastSync } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

const withManager = (db: Db) => db.select({ site: sites, managerName: users.name }).from(sites).leftJoin(users, eq(users.id, sites.managerId));
const managerOf = (r: { site: SiteRow; managerName: string | null }) => (r.site.managerId && r.managerName ? { id: r.site.managerId, name: r.managerName } : null);

/** One site; staff also see its last catalogue sync. */
export async function loadSite(db: Db, id: number, scope: Scope): Promise<Site> {
  const [row] = await withManager(db).where(eq(sites.id, id));
  if (!row) throw new NotFoundError('Site not found.');
  const syncs = isStaffScope(scope) ? await lastSyncs(db, [id]) : new Map<number, LastSync>();
  return toSite(row.site, managerOf(row), scope, syncs.get(id) ?? null);
}

const sortColumns = { display_name: sites.displayName, name: sites.name, created_at: sites.createdAt, id: sites.id } as const;

/** The network's sites, a page of them, filtered by name and sorted; staff also see each one's last catalogue sync. */
export async function listSites(db: Db, scope: Scope, q: z.output<typeof sitesQuerySchema>): Promise<{ data: Site[]; meta: ListMeta }> {
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where = pattern ? or(ilike(sites.name, pattern), ilike(sites.displayName, pattern)) : undefined;
  const { limit, offset } = pageWindow(q);
  const query = withManager(db).where(where).orderBy(ordered(sortColumns[q.sort], q.order), asc(sites.id)).$dynamic();
  if (limit !== undefined) query.limit(limit).offset(offset);
  const [rows, [total]] = await Promise.all([query, db.select({ n: count() }).from(sites).where(where)]);
  const syncs = isStaffScope(scope) ? await lastSyncs(db, rows.map((r) => r.site.id)) : new Map<number, LastSync>();
  return { data: rows.map((r) => toSite(r.site, managerOf(r), scope, syncs.get(r.site.id) ?? null)), meta: listMeta(q, total?.n ?? 0) };
}

const columns = (b: Input) => ({
  name: b.name,
  displayName: b.display_name,
  url: b.url,
  description: b.description,
  type: b.type,
  managerId: b.manager_id ?? null,
  modelsApiUrl: b.models_api_url,
  scenesApiUrl: b.scenes_api_url,
  message: b.message,
  fallbackUrl: b.fallback_url,
  // Absent from the body (an older client): the mapping is left as it is.
  ...(b.catalogue_mapping === undefined ? {} : { catalogueMapping: b.catalogue_mapping === null ? null : (JSON.parse(b.catalogue_mapping) as Record<string, string>) }),
});

/** Creates a site; its API key is answered this once. */
export async function createSite(db: Db, b: Input): Promise<Site & { api_key: string }> {
  const key = newSiteKey();
  const [row] = await db
    .insert(sites)
    .values({ ...columns(b), apiKeyHash: key.hash, apiKeyPrefix: key.prefix, apiKeyRotatedAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: sites.id });
  if (!row) throw new UniqueError('name', 'A site with this name already exists.');
  return { ...(await loadSite(db, row.id, networkScope)), api_key: key.key };
}

export async function updateSite(db: Db, id: number, b: Input): Promise<Site> {
  const [clash] = await db.select({ id: sites.id }).from(sites).where(eq(sites.name, b.name));
  if (clash && clash.id !== id) throw new UniqueError('name', 'A site with this name already exists.');
  const updated = await db.update(sites).set(columns(b)).where(eq(sites.id, id)).returning({ id: sites.id });
  if (!updated.length) throw new NotFoundError('Site not found.');
  return loadSite(db, id, networkScope);
}

/** Replaces the site's API key; the old one stops working at once. */
export async function rotateSiteKey(db: Db, id: number): Promise<Site & { api_key: string }> {
  const key = newSiteKey();
  const updated = await db
    .update(sites)
    .set({ apiKeyHash: key.hash, apiKeyPrefix: key.prefix, apiKeyRotatedAt: new Date() })
    .where(eq(sites.id, id))
    .returning({ id: sites.id });
  if (!updated.length) throw new NotFoundError('Site not found.');
  return { ...(await loadSite(db, id, networkScope)), api_key: key.key };
}

export async function assertSiteExists(db: Db, siteId: number): Promise<void> {
  const [s] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  if (!s) throw new ValidationError({ site_id: ['This site does not exist.'] });
}
