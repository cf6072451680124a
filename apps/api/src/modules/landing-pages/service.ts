import {
  type LandingPage,
  type LandingPageImageField,
  landingPageImageRule,
  type landingPageFormSchema,
  type landingPageInputSchema,
  landingPageMessages as msg,
  type landingPagesQuerySchema,
  type ListMeta,
  listMeta,
  pageWindow,
} from '@portal/contracts';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { landingPages, offers } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { containsPattern, ordered } from '../../lib/list.ts';
import { assertSiteExists } from '../sites/index.ts';
import { deletedOf, deleteUploads, type IncomingFile, storeField } from '../uploads/index.ts';

/**
 * The one writer of `landing_pages`: the offers' JSON routes and the creatives' multipart routes
 * (with the images) both save through here, under the same rules.
 */

/** What a save sends: the fields, and from the multipart form `<image>_deleted` (the JSON routes leave the images alone). */
export type LandingPageSave = z.output<typeof landingPageInputSchema> & Partial<Pick<z.output<typeof landingPageFormSchema>, `${LandingPageImageField}_deleted`>>;
export type LandingPageRow = typeof landingPages.$inferSelect;

export const toLandingPage = (r: LandingPageRow): LandingPage => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  url: r.url,
  description: r.description,
  language: r.language,
  rating: r.rating,
});

const sortColumns = { rating: landingPages.rating, name: landingPages.name, language: landingPages.language, id: landingPages.id } as const;

/** Landing pages, a page of them, optionally of one site; best rated first unless asked otherwise. */
export async function listLandingPages(db: Db, q: z.output<typeof landingPagesQuerySchema>): Promise<{ data: LandingPage[]; meta: ListMeta }> {
  const where = and(q.site_id ? eq(landingPages.siteId, q.site_id) : undefined, q.search ? ilike(landingPages.name, containsPattern(q.search)) : undefined);
  const { limit, offset } = pageWindow(q);
  const query = db
    .select()
    .from(landingPages)
    .where(where)
    .orderBy(ordered(sortColumns[q.sort], q.order), ...(q.sort === 'name' ? [] : [asc(landingPages.name)]), asc(landingPages.id))
    .$dynamic();
  if (limit !== undefined) query.limit(limit).offset(offset);
  const [rows, [total]] = await Promise.all([query, db.select({ n: count() }).from(landingPages).where(where)]);
  return { data: rows.map(toLandingPage), meta: listMeta(q, total?.n ?? 0) };
}

/** One landing page's row; 404 when there is none. */
export async function findLandingPage(db: Db, id: number): Promise<LandingPageRow> {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.id, id));
  if (!row) throw new NotFoundError(msg.notFound);
  return row;
}

const columns = (b: LandingPageSave) => ({ siteId: b.site_id, name: b.name, url: b.url, description: b.description, language: b.language, rating: b.rating });

/** The images a form sent, checked by content and stored (owned by the staff user saving). */
async function storeImages(db: Db, config: AppConfig, files: readonly IncomingFile[], actorId: number) {
  const desktop = await storeField(db, config, { files }, 'desktop_image', landingPageImageRule, actorId);
  const mobile = await storeField(db, config, { files }, 'mobile_image', landingPageImageRule, actorId);
  return { desktop, mobile };
}

/** A new image replaces the old; `<image>_deleted` naming the current one removes it. */
function nextImage(current: string | null, added: { uuid: string } | undefined, removed: string[]): string | null {
  if (added) return added.uuid;
  return current && removed.includes(current) ? null : current;
}

/** Creates a landing page of an existing site, with the images among `files` (none from the JSON route). */
export async function createLandingPage(db: Db, config: AppConfig, actorId: number, input: LandingPageSave, files: readonly IncomingFile[]): Promise<LandingPageRow> {
  await assertSiteExists(db, input.site_id);
  const images = await storeImages(db, config, files, actorId);
  const [row] = await db
    .insert(landingPages)
    .values({ ...columns(input), imageUuid: images.desktop?.uuid ?? null, mobileImageUuid: images.mobile?.uuid ?? null })
    .returning();
  return row!;
}

/**
 * Saves a landing page: its fields, and the images the form replaced or removed (their files are
 * deleted). It stays with its site while an offer uses it.
 */
export async function updateLandingPage(db: Db, config: AppConfig, actorId: number, id: number, input: LandingPageSave, files: readonly IncomingFile[]): Promise<{ before: LandingPageRow; after: LandingPageRow }> {
  const before = await findLandingPage(db, id);
  await assertSiteExists(db, input.site_id);
  if (input.site_id !== before.siteId) {
    const [used] = await db.select({ id: offers.id }).from(offers).where(eq(offers.landingPageId, id)).limit(1);
    if (used) throw new ValidationError({ site_id: [msg.usedByOffer] });
  }
  const images = await storeImages(db, config, files, actorId);
  const imageUuid = nextImage(before.imageUuid, images.desktop, deletedOf(input.desktop_image_deleted));
  const mobileImageUuid = nextImage(before.mobileImageUuid, images.mobile, deletedOf(input.mobile_image_deleted));
  const [after] = await db.update(landingPages).set({ ...columns(input), imageUuid, mobileImageUuid }).where(eq(landingPages.id, id)).returning();
  const gone = [before.imageUuid !== imageUuid ? before.imageUuid : null, before.mobileImageUuid !== mobileImageUuid ? before.mobileImageUuid : null].filter((u): u is string => Boolean(u));
  await deleteUploads(db, config, gone);
  return { before, after: after! };
}

/** Deletes a landing page and its images' files; offers and links using it fall back to the default. */
export async function deleteLandingPage(db: Db, config: AppConfig, id: number): Promise<LandingPageRow> {
  const [row] = await db.delete(landingPages).where(eq(landingPages.id, id)).returning();
  if (!row) throw new NotFoundError(msg.notFound);
  await deleteUploads(db, config, [row.imageUuid, row.mobileImageUuid].filter((u): u is string => Boolean(u)));
  return row;
}

/** A landing page named on an offer must be one of the offer's site. */
export async function assertLandingPageOfSite(db: Db, landingPageId: number | null | undefined, siteId: number, field = 'landing_page_id'): Promise<void> {
  if (!landingPageId) return;
  const [lp] = await db.select({ siteId: landingPages.siteId }).from(landingPages).where(eq(landingPages.id, landingPageId));
  if (!lp || lp.siteId !== siteId) throw new ValidationError({ [field]: [msg.notOfSite] });
}
