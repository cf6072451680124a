import { type LandingPageWithImages, landingPageMessages as msg, type landingPagesWithImagesQuerySchema, pageWindow } from '@portal/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { landingPages, sites, uploads } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { describeUpload } from '../uploads/index.ts';

/** Landing pages as the creatives screen reads them: with their site's names and their images. */

const desktop = alias(uploads, 'desktop_image');
const mobile = alias(uploads, 'mobile_image');

type Row = { lp: typeof landingPages.$inferSelect; desktop: typeof uploads.$inferSelect | null; mobile: typeof uploads.$inferSelect | null; site: { id: number; name: string; display_name: string } };

const withImages = (r: Row): LandingPageWithImages => ({
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
    .select({ lp: landingPages, desktop, mobile, site: { id: sites.id, name: sites.name, display_name: sites.displayName } })
    .from(landingPages)
    .innerJoin(sites, eq(sites.id, landingPages.siteId))
    .leftJoin(desktop, eq(desktop.uuid, landingPages.imageUuid))
    .leftJoin(mobile, eq(mobile.uuid, landingPages.mobileImageUuid));

/** A page of landing pages, best rated first, by site, language and lowest rating. */
export async function listLandingPagesWithImages(db: Db, q: z.output<typeof landingPagesWithImagesQuerySchema>): Promise<{ items: LandingPageWithImages[]; total: number }> {
  const where: SQL[] = [];
  if (q.site_id) where.push(eq(landingPages.siteId, q.site_id));
  if (q.language) where.push(eq(landingPages.language, q.language));
  if (q.rating !== undefined) where.push(gte(landingPages.rating, q.rating));
  const cond = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(q);
  const query = base(db).where(cond).orderBy(desc(landingPages.rating), asc(landingPages.name), asc(landingPages.id)).$dynamic();
  if (limit !== undefined) query.limit(limit).offset(offset);
  const rows = await query;
  const [total] = await db.select({ n: count() }).from(landingPages).where(cond);
  return { items: rows.map(withImages), total: total?.n ?? 0 };
}

export async function getLandingPageWithImages(db: Db, id: number): Promise<LandingPageWithImages> {
  const [row] = await base(db).where(eq(landingPages.id, id));
  if (!row) throw new NotFoundError(msg.notFound);
  return withImages(row);
}
