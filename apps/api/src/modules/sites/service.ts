import type { Site, siteInputSchema } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sites, users } from '../../db/schema/index.ts';
import { NotFoundError, UniqueError, ValidationError } from '../../lib/errors.ts';
import { newSiteKey, type SiteRow } from './keys.ts';

type Input = z.output<typeof siteInputSchema>;
/** Staff also see key prefixes and catalogue addresses. */
export type SiteViewer = 'staff' | 'affiliate';

function toSite(row: SiteRow, manager: { id: number; name: string } | null, viewer: SiteViewer): Site {
  const staff = viewer === 'staff';
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
    ...(staff ? { api_key_prefix: row.apiKeyPrefix } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

const withManager = (db: Db) => db.select({ site: sites, managerName: users.name }).from(sites).leftJoin(users, eq(users.id, sites.managerId));
const managerOf = (r: { site: SiteRow; managerName: string | null }) => (r.site.managerId && r.managerName ? { id: r.site.managerId, name: r.managerName } : null);

async function loadSite(db: Db, id: number, viewer: SiteViewer): Promise<Site> {
  const [row] = await withManager(db).where(eq(sites.id, id));
  if (!row) throw new NotFoundError('Site not found.');
  return toSite(row.site, managerOf(row), viewer);
}

export async function listSites(db: Db, viewer: SiteViewer): Promise<Site[]> {
  const rows = await withManager(db).orderBy(asc(sites.displayName));
  return rows.map((r) => toSite(r.site, managerOf(r), viewer));
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
  return { ...(await loadSite(db, row.id, 'staff')), api_key: key.key };
}

export async function updateSite(db: Db, id: number, b: Input): Promise<Site> {
  const [clash] = await db.select({ id: sites.id }).from(sites).where(eq(sites.name, b.name));
  if (clash && clash.id !== id) throw new UniqueError('name', 'A site with this name already exists.');
  const updated = await db.update(sites).set(columns(b)).where(eq(sites.id, id)).returning({ id: sites.id });
  if (!updated.length) throw new NotFoundError('Site not found.');
  return loadSite(db, id, 'staff');
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
  return { ...(await loadSite(db, id, 'staff')), api_key: key.key };
}

export async function assertSiteExists(db: Db, siteId: number): Promise<void> {
  const [s] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  if (!s) throw new ValidationError({ site_id: ['This site does not exist.'] });
}
