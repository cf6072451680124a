import type { LandingPage, landingPageInputSchema } from '@portal/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { landingPages } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertSiteExists } from '../sites/service.ts';

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

/** Landing pages, optionally of one site, best rated first. */
export async function listLandingPages(db: Db, siteId: number | undefined): Promise<LandingPage[]> {
  const rows = await db
    .select()
    .from(landingPages)
    .where(siteId ? eq(landingPages.siteId, siteId) : undefined)
    .orderBy(desc(landingPages.rating), asc(landingPages.name));
  return rows.map(toLandingPage);
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
