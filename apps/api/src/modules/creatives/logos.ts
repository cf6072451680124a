import { creativeMessages as msg, logosQuerySchema, type SiteLogo, siteLogoInputSchema, siteLogoUploadRule, pageWindow } from '@portal/contracts';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { siteLogos, sites, uploads } from '../../db/schema/index.ts';
import { recordEvent } from '../../lib/events.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { deleteUploads, describeUpload, storeField } from '../uploads/index.ts';
import { assertSite, extensionOf, notFound, readStored, requireFile, siteColumns } from './files.ts';
import { buildZip } from './zip.ts';

type Row = { l: typeof siteLogos.$inferSelect; file: typeof uploads.$inferSelect; site: { id: number; name: string; display_name: string } };

const toLogo = (r: Row): SiteLogo => ({ id: r.l.id, site: r.site, name: r.l.name, format: r.l.format, image: describeUpload(r.file), created_at: r.l.createdAt.toISOString() });

const base = (db: Db) =>
  db.select({ l: siteLogos, file: uploads, site: siteColumns }).from(siteLogos).innerJoin(uploads, eq(uploads.uuid, siteLogos.fileUuid)).innerJoin(sites, eq(sites.id, siteLogos.siteId));

/** Logos by site, in the order they were added (a site's first logo is its logo). */
export async function listLogos(db: Db, q: z.output<typeof logosQuerySchema>): Promise<{ items: SiteLogo[]; total: number }> {
  const where = q.site_id ? eq(siteLogos.siteId, q.site_id) : undefined;
  const { limit, offset } = pageWindow(q);
  const query = base(db).where(where).orderBy(asc(sites.displayName), asc(siteLogos.id)).$dynamic();
  if (limit !== undefined) query.limit(limit).offset(offset);
  const rows = await query;
  const [total] = await db.select({ n: count() }).from(siteLogos).where(where);
  return { items: rows.map(toLogo), total: total?.n ?? 0 };
}

export async function getLogo(db: Db, id: number): Promise<SiteLogo> {
  const [row] = await base(db).where(eq(siteLogos.id, id));
  return row ? toLogo(row) : notFound(msg.logoNotFound);
}

export async function createLogo(db: Db, config: AppConfig, actorId: number, form: FormPayload): Promise<SiteLogo> {
  const input = parseOrThrow(siteLogoInputSchema, form.fields);
  await assertSite(db, input.site_id);
  const file = requireFile(await storeField(db, config, form, 'image', siteLogoUploadRule, actorId), 'image');
  const [row] = await db.insert(siteLogos).values({ siteId: input.site_id, name: input.name, format: extensionOf(file), fileUuid: file.uuid }).returning({ id: siteLogos.id });
  const created = await getLogo(db, row!.id);
  await recordEvent(db, 'site_logo.created', { actorId, objectId: created.id, after: created });
  return created;
}

export async function updateLogo(db: Db, config: AppConfig, actorId: number, id: number, form: FormPayload): Promise<SiteLogo> {
  const [existing] = await db.select().from(siteLogos).where(eq(siteLogos.id, id));
  if (!existing) notFound(msg.logoNotFound);
  const input = parseOrThrow(siteLogoInputSchema, form.fields);
  await assertSite(db, input.site_id);
  const replaced = await storeField(db, config, form, 'image', siteLogoUploadRule, actorId);
  await db
    .update(siteLogos)
    .set({ siteId: input.site_id, name: input.name, ...(replaced ? { fileUuid: replaced.uuid, format: extensionOf(replaced) } : {}) })
    .where(eq(siteLogos.id, id));
  if (replaced) await deleteUploads(db, config, [existing.fileUuid]);
  const after = await getLogo(db, id);
  await recordEvent(db, 'site_logo.updated', { actorId, objectId: id, before: existing, after });
  return after;
}

export async function deleteLogo(db: Db, config: AppConfig, actorId: number, id: number): Promise<void> {
  const [row] = await db.delete(siteLogos).where(eq(siteLogos.id, id)).returning();
  if (!row) notFound(msg.logoNotFound);
  await deleteUploads(db, config, [row.fileUuid]);
  await recordEvent(db, 'site_logo.deleted', { actorId, objectId: id, before: row });
}

/** Every logo of a site in one zip named after the site: `<site>-logos.zip`, entries `<site>-<name or n>.<ext>`. */
export async function logosZip(db: Db, config: AppConfig, siteId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const site = await assertSite(db, siteId).catch(() => notFound(msg.siteNotFound));
  const rows = await db.select({ l: siteLogos, file: uploads }).from(siteLogos).innerJoin(uploads, eq(uploads.uuid, siteLogos.fileUuid)).where(eq(siteLogos.siteId, siteId)).orderBy(asc(siteLogos.id));
  const used = new Set<string>();
  const entries = rows.map((r, i) => {
    const stem = `${site.name}-${(r.l.name || String(i + 1)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || i + 1}`;
    let name = `${stem}.${r.l.format}`;
    for (let n = 2; used.has(name); n++) name = `${stem}-${n}.${r.l.format}`;
    used.add(name);
    return { name, bytes: readStored(config, r.file) };
  });
  return { fileName: `${site.name}-logos.zip`, bytes: buildZip(entries) };
}

/** Each site's logo (its first), for the offers of sites and the home page. */
export async function firstLogos(db: Db, siteIds: number[]): Promise<Map<number, typeof uploads.$inferSelect>> {
  if (!siteIds.length) return new Map();
  const rows = await db
    .select({ siteId: siteLogos.siteId, file: uploads })
    .from(siteLogos)
    .innerJoin(uploads, eq(uploads.uuid, siteLogos.fileUuid))
    .where(inArray(siteLogos.siteId, siteIds))
    .orderBy(asc(siteLogos.id));
  const out = new Map<number, typeof uploads.$inferSelect>();
  for (const r of rows) if (!out.has(r.siteId)) out.set(r.siteId, r.file);
  return out;
}
