import { creativeLandingPageInputSchema, type CreativeLandingPage, creativeLandingPagesQuerySchema, creativeMessages as msg, uploadRules } from '@portal/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { landingPages, offers, sites, uploads } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { deleteUploads, describeUpload } from '../uploads/index.ts';
import { assertSite, deletedOf, notFound, siteColumns, storeField } from './files.ts';

const desktop = alias(uploads, 'desktop_image');
const mobile = alias(uploads, 'mobile_image');

type Row = { lp: typeof landingPages.$inferSelect; desktop: typeof uploads.$inferSelect | null; mobile: typeof uploads.$inferSelect | null; site: { id: number; name: string; display_name: string } };

const toLanding = (r: Row): CreativeLandingPage => ({
  id: r.lp.id,
  site: r.site,
  name: r.lp.name,
  url: r.lp.url,
  description: r.lp.description,
  language: r.lp.language,
  rating: r.lp.rating,
  desktop_image: r.desktop ? describeUpload(r.desktop) : null,
  mobile_image: r.mobile ? describeUpload(r.mobile) : null,
});

const base = (db: Db) =>
  db
    .select({ lp: landingPages, desktop, mobile, site: siteColumns })
    .from(landingPages)
    .innerJoin(sites, eq(sites.id, landingPages.siteId))
    .leftJoin(desktop, eq(desktop.uuid, landingPages.imageUuid))
    .leftJoin(mobile, eq(mobile.uuid, landingPages.mobileImageUuid));

export async function listCreativeLandingPages(db: Db, q: z.output<typeof creativeLandingPagesQuerySchema>): Promise<{ items: CreativeLandingPage[]; total: number }> {
  const where: SQL[] = [];
  if (q.site_id) where.push(eq(landingPages.siteId, q.site_id));
  if (q.language) where.push(eq(landingPages.language, q.language));
  if (q.rating !== undefined) where.push(gte(landingPages.rating, q.rating));
  const cond = where.length ? and(...where) : undefined;
  const rows = await base(db)
    .where(cond)
    .orderBy(desc(landingPages.rating), asc(landingPages.name), asc(landingPages.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: count() }).from(landingPages).where(cond);
  return { items: rows.map(toLanding), total: total?.n ?? 0 };
}

export async function getCreativeLandingPage(db: Db, id: number): Promise<CreativeLandingPage> {
  const [row] = await base(db).where(eq(landingPages.id, id));
  return row ? toLanding(row) : notFound(msg.landingNotFound);
}

type Input = z.output<typeof creativeLandingPageInputSchema>;
const columns = (b: Input) => ({ siteId: b.site_id, name: b.name, url: b.url, description: b.description, language: b.language, rating: b.rating });

export async function createCreativeLandingPage(db: Db, config: AppConfig, actorId: number, form: FormPayload): Promise<CreativeLandingPage> {
  const input = parseOrThrow(creativeLandingPageInputSchema, form.fields);
  await assertSite(db, input.site_id);
  const d = await storeField(db, config, form, 'desktop_image', uploadRules.landingImage, actorId);
  const m = await storeField(db, config, form, 'mobile_image', uploadRules.landingImage, actorId);
  const [row] = await db.insert(landingPages).values({ ...columns(input), imageUuid: d?.uuid ?? null, mobileImageUuid: m?.uuid ?? null }).returning({ id: landingPages.id });
  const created = await getCreativeLandingPage(db, row!.id);
  await recordEvent(db, 'landing_page.created', { actorId, objectId: created.id, after: created });
  return created;
}

/** A new image replaces the old; `<field>_deleted` naming the current one removes it. */
function nextImage(current: string | null, added: { uuid: string } | undefined, removed: string[]): string | null {
  if (added) return added.uuid;
  return current && removed.includes(current) ? null : current;
}

export async function updateCreativeLandingPage(db: Db, config: AppConfig, actorId: number, id: number, form: FormPayload): Promise<CreativeLandingPage> {
  const [existing] = await db.select().from(landingPages).where(eq(landingPages.id, id));
  if (!existing) notFound(msg.landingNotFound);
  const input = parseOrThrow(creativeLandingPageInputSchema, form.fields);
  await assertSite(db, input.site_id);
  if (input.site_id !== existing.siteId) {
    const [used] = await db.select({ id: offers.id }).from(offers).where(eq(offers.landingPageId, id)).limit(1);
    if (used) throw new ValidationError({ site_id: ['An offer uses this landing page: it stays with its site.'] });
  }
  const d = await storeField(db, config, form, 'desktop_image', uploadRules.landingImage, actorId);
  const m = await storeField(db, config, form, 'mobile_image', uploadRules.landingImage, actorId);
  const imageUuid = nextImage(existing.imageUuid, d, deletedOf(input.desktop_image_deleted));
  const mobileImageUuid = nextImage(existing.mobileImageUuid, m, deletedOf(input.mobile_image_deleted));
  await db.update(landingPages).set({ ...columns(input), imageUuid, mobileImageUuid }).where(eq(landingPages.id, id));
  const gone = [existing.imageUuid !== imageUuid ? existing.imageUuid : null, existing.mobileImageUuid !== mobileImageUuid ? existing.mobileImageUuid : null].filter((u): u is string => Boolean(u));
  await deleteUploads(db, config, gone);
  const after = await getCreativeLandingPage(db, id);
  await recordEvent(db, 'landing_page.updated', { actorId, objectId: id, before: existing, after });
  return after;
}

export async function deleteCreativeLandingPage(db: Db, config: AppConfig, actorId: number, id: number): Promise<void> {
  const [row] = await db.delete(landingPages).where(eq(landingPages.id, id)).returning();
  if (!row) notFound(msg.landingNotFound);
  await deleteUploads(db, config, [row.imageUuid, row.mobileImageUuid].filter((u): u is string => Boolean(u)));
  await recordEvent(db, 'landing_page.deleted', { actorId, objectId: id, before: row });
}
