import { ARCHIVE_EXTENSIONS, type Banner, type BannerFacets, bannerCodeRequestSchema, bannerInputSchema, bannersQuerySchema, bannerUploadRule, creativeIdOf, creativeMessages as msg, pageWindow } from '@portal/contracts';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { banners, landingPages, offers, sites, uploads } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { imageSize } from '../../lib/uploads.ts';
import { recordEvent } from '../../lib/events.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { assertMayGetLinks, codeFor, liveOfferSite, trackingUrl, validateLinkSpec } from '../links/index.ts';
import { deletedOf, deleteUploads, describeUpload, storeField } from '../uploads/index.ts';
import { assertSite, extensionOf, notFound, readStored, requireFile, siteColumns } from './files.ts';
import { escapeHtml } from './html.ts';

type Query = z.output<typeof bannersQuerySchema>;
type Row = { b: typeof banners.$inferSelect; file: typeof uploads.$inferSelect; site: { id: number; name: string; display_name: string } };

const isArchiveFormat = (format: string) => (ARCHIVE_EXTENSIONS as readonly string[]).includes(format);

const toBanner = (r: Row): Banner => ({
  id: r.b.id,
  site: r.site,
  name: r.b.name,
  language: r.b.language,
  size: r.b.size,
  width: r.b.width,
  height: r.b.height,
  category: r.b.category,
  format: r.b.format,
  is_archive: isArchiveFormat(r.b.format),
  rating: r.b.rating,
  description: r.b.description,
  image: describeUpload(r.file),
  created_at: r.b.createdAt.toISOString(),
});

const base = (db: Db) =>
  db.select({ b: banners, file: uploads, site: siteColumns }).from(banners).innerJoin(uploads, eq(uploads.uuid, banners.fileUuid)).innerJoin(sites, eq(sites.id, banners.siteId));

function filters(q: Query): SQL | undefined {
  const where: SQL[] = [];
  if (q.site_id) where.push(eq(banners.siteId, q.site_id));
  if (q.language) where.push(eq(banners.language, q.language));
  if (q.size) where.push(eq(banners.size, q.size));
  // Sizes by bounds and by shape: a banner without a known size (a pack given none) matches none of them.
  if (q.min_width !== undefined) where.push(gte(banners.width, q.min_width));
  if (q.max_width !== undefined) where.push(lte(banners.width, q.max_width));
  if (q.min_height !== undefined) where.push(gte(banners.height, q.min_height));
  if (q.max_height !== undefined) where.push(lte(banners.height, q.max_height));
  if (q.shape === 'horizontal') where.push(sql`${banners.width} >= 2 * ${banners.height}`);
  if (q.shape === 'vertical') where.push(sql`${banners.height} >= 2 * ${banners.width}`);
  if (q.shape === 'rectangle') where.push(sql`${banners.width} < 2 * ${banners.height} and ${banners.height} < 2 * ${banners.width}`);
  if (q.category) where.push(eq(banners.category, q.category));
  if (q.format) where.push(eq(banners.format, q.format));
  if (q.rating !== undefined) where.push(gte(banners.rating, q.rating));
  return where.length ? and(...where) : undefined;
}

/** Banners of every site (creatives are the network's, not an affiliate's), newest first. */
export async function listBanners(db: Db, q: Query): Promise<{ items: Banner[]; total: number }> {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const query = base(db).where(where).orderBy(desc(banners.createdAt), desc(banners.id)).$dynamic();
  if (limit !== undefined) query.limit(limit).offset(offset);
  const rows = await query;
  const [total] = await db.select({ n: count() }).from(banners).where(where);
  return { items: rows.map(toBanner), total: total?.n ?? 0 };
}

/** The values the filters offer: only those some banner has. */
export async function bannerFacets(db: Db): Promise<BannerFacets> {
  const distinct = async (column: typeof banners.language | typeof banners.size | typeof banners.category | typeof banners.format) =>
    (await db.selectDistinct({ v: column }).from(banners).orderBy(asc(column))).map((r) => r.v).filter((v) => v !== '');
  return { languages: await distinct(banners.language), sizes: await distinct(banners.size), categories: await distinct(banners.category), formats: await distinct(banners.format) };
}

export async function getBanner(db: Db, id: number): Promise<Banner> {
  const [row] = await base(db).where(eq(banners.id, id));
  return row ? toBanner(row) : notFound(msg.bannerNotFound);
}

/** Format and size of the stored file: an image its decoded size (lib/uploads.ts); a pack keeps the size staff gave. */
async function fileFacts(config: AppConfig, file: typeof uploads.$inferSelect, givenSize: string) {
  const format = extensionOf(file);
  const measured = isArchiveFormat(format) ? undefined : await imageSize(readStored(config, file), format);
  if (measured) return { format, width: measured.width, height: measured.height, size: `${measured.width}x${measured.height}` };
  const [w, h] = givenSize ? givenSize.split('x').map(Number) : [];
  return { format, width: w ?? null, height: h ?? null, size: givenSize };
}

export async function createBanner(db: Db, config: AppConfig, actorId: number, form: FormPayload): Promise<Banner> {
  const input = parseOrThrow(bannerInputSchema, form.fields);
  await assertSite(db, input.site_id);
  const file = requireFile(await storeField(db, config, form, 'image', bannerUploadRule, actorId), 'image');
  const [row] = await db
    .insert(banners)
    .values({ siteId: input.site_id, name: input.name, language: input.language, category: input.category, rating: input.rating, description: input.description, fileUuid: file.uuid, ...(await fileFacts(config, file, input.size)) })
    .returning({ id: banners.id });
  const created = await getBanner(db, row!.id);
  await recordEvent(db, 'banner.created', { actorId, objectId: created.id, after: created });
  return created;
}

export async function updateBanner(db: Db, config: AppConfig, actorId: number, id: number, form: FormPayload): Promise<Banner> {
  const [existing] = await db.select().from(banners).where(eq(banners.id, id));
  if (!existing) notFound(msg.bannerNotFound);
  const input = parseOrThrow(bannerInputSchema, form.fields);
  await assertSite(db, input.site_id);
  const replaced = await storeField(db, config, form, 'image', bannerUploadRule, actorId);
  // The image cannot be removed without a new one: a banner is its image.
  if (!replaced && deletedOf(input.image_deleted).includes(existing.fileUuid)) requireFile(undefined, 'image');
  const [file] = replaced ? [replaced] : await db.select().from(uploads).where(eq(uploads.uuid, existing.fileUuid));
  await db
    .update(banners)
    .set({ siteId: input.site_id, name: input.name, language: input.language, category: input.category, rating: input.rating, description: input.description, fileUuid: file!.uuid, ...(await fileFacts(config, file!, input.size)), updatedAt: new Date() })
    .where(eq(banners.id, id));
  if (replaced) await deleteUploads(db, config, [existing.fileUuid]);
  const after = await getBanner(db, id);
  await recordEvent(db, 'banner.updated', { actorId, objectId: id, before: existing, after });
  return after;
}

export async function deleteBanner(db: Db, config: AppConfig, actorId: number, id: number): Promise<void> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  if (!row) notFound(msg.bannerNotFound);
  await deleteUploads(db, config, [row.fileUuid]);
  await recordEvent(db, 'banner.deleted', { actorId, objectId: id, before: row });
}

/**
 * Where a banner's click lands when the affiliate chose no landing page: the offer's own landing page
 * (none is stored on the link, so it follows the offer), or, for an offer without one, the site's best
 * rated landing page, so that a banner never sends its visitor to the bare home page when the site has
 * a tour to show. A campaign's destination still comes first (the tracking core's order).
 */
async function defaultLandingPage(db: Db, offerId: number, siteId: number): Promise<number | null> {
  const [offer] = await db.select({ landingPageId: offers.landingPageId }).from(offers).where(eq(offers.id, offerId));
  if (offer?.landingPageId) return null;
  const [best] = await db.select({ id: landingPages.id }).from(landingPages).where(eq(landingPages.siteId, siteId)).orderBy(desc(landingPages.rating), asc(landingPages.id)).limit(1);
  return best?.id ?? null;
}

/**
 * The affiliate's embed code: a link of theirs to an offer of the banner's site around the
 * banner image, every value escaped. A banner pack has no code (it is downloaded).
 */
export async function bannerCode(db: Db, publicUrl: string, affiliateId: number, id: number, req: z.output<typeof bannerCodeRequestSchema>): Promise<{ url: string; code: string; html: string }> {
  const banner = await getBanner(db, id);
  if (banner.is_archive) throw new ValidationError({ image: [msg.archiveHasNoCode] }, msg.archiveHasNoCode);
  await assertMayGetLinks(db, affiliateId);
  const offer = await liveOfferSite(db, req.offer_id);
  if (offer.siteId !== banner.site.id) throw new ValidationError({ offer_id: [msg.offerOfOtherSite] });
  // The link carries the banner's creative id, so its clicks and sales show under this banner in statistics.
  const landingPageId = req.landing_page_id ?? (await defaultLandingPage(db, req.offer_id, offer.siteId));
  const spec = { affiliateId, offerId: req.offer_id, campaignId: req.campaign_id ?? null, landingPageId, deepUrl: null, creative: creativeIdOf('banner', id) };
  await validateLinkSpec(db, spec);
  const code = await codeFor(db, spec);
  const url = trackingUrl(publicUrl, code, req);
  const size = banner.width && banner.height ? ` width="${banner.width}" height="${banner.height}"` : '';
  const html = `<a href="${escapeHtml(url)}" target="_blank" rel="sponsored noopener"><img src="${escapeHtml(publicUrl + banner.image.url)}"${size} alt="${escapeHtml(banner.name)}" style="border:0" /></a>`;
  return { url, code, html };
}
