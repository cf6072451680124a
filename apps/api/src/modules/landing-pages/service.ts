import { type LandingPage, type landingPageInputSchema, type landingPagesQuerySchema, type ListMeta, listMeta, pageWindow } from '@portal/contracts';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { landingPages } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { containsPattern, ordered } from '../../lib/list.ts';
import { assertSiteExists } from '../sites/index.ts';

type Input = z.output<typeof landingPageInputSchema>;
type LpRow = typeof landingPages.$inferSelect;

export const toLandingPage = (r: LpRow): LandingPage => ({
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

export async function createLandingPage(db: Db, b: Input): Promise<LandingPage> {
  await assertSiteExists(db, b.site_id);
  const [row] = await db.insert(landingPages).values({ siteId: b.site_id, name: b.name, url: b.url, description: b.description, language: b.language, rating: b.rating }).returning();
  return toLandingPage(row!);
}

export async function updateLandingPage(db: Db, id: number, b: Input): Promise<LandingPage> {
  await assertSiteExists(db, b.site_id);
  const [row] = await db
    .update(landingPages)
    .set({ siteId: b.site_id, name: b.name, url: b.url, description: b.description, language: b.language, rating: b.rating })
    .where(eq(landingPages.id, id))
    .returning();
  if (!row) throw new NotFoundError('Landing page not found.');
  return toLandingPage(row);
}

/** A landing page named on an offer must be one of the offer's site. */
export async function assertLandingPageOfSite(db: Db, landingPageId: number | null | undefined, siteId: number, field = 'landing_page_id'): Promise<void> {
  if (!landingPageId) return;
  const [lp] = await db.select({ siteId: landingPages.siteId }).from(landingPages).where(eq(landingPages.id, landingPageId));
  if (!lp || lp.siteId !== siteId) throw new ValidationError({ [field]: ['This landing page does not belong to the site.'] });
}
