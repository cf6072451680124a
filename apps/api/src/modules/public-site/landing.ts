import type { Seo, SeoPage } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { getSeoSettings } from '../settings/index.ts';

/** The SEO of one public page as Global Settings, SEO holds it (defaults until staff edit it). */
export async function getSeo(db: Db, page: SeoPage = 'home'): Promise<Seo> {
  return (await getSeoSettings(db))[page];
}
