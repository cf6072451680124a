import { type LandingImages, landingSections, type Seo, type SeoPage } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { getSeoSettings } from '../settings/sections.ts';
import { getSetting } from '../settings/service.ts';

/** Placeholder illustrations shipped with the web app (no photos in the repository). */
export const defaultLandingImages: LandingImages = Object.fromEntries(
  landingSections.map((s) => [s, { desktop: `/landing/${s}-desktop.svg`, mobile: `/landing/${s}-mobile.svg` }]),
) as LandingImages;

/** The SEO of one public page as Global Settings, SEO holds it (defaults until staff edit it). */
export async function getSeo(db: Db, page: SeoPage = 'home'): Promise<Seo> {
  return (await getSeoSettings(db))[page];
}

/** A stored landing image: the file's address, with its uuid so a replaced file can be removed. */
export interface StoredLandingImage {
  uuid: string;
  name: string;
  url: string;
  mime_type: string;
  size: number;
}
export type StoredLandingImages = Partial<Record<string, { desktop?: StoredLandingImage | null; mobile?: StoredLandingImage | null }>>;

export async function getStoredLandingImages(db: Db): Promise<StoredLandingImages> {
  return getSetting<StoredLandingImages>(db, 'landing_images', {});
}

export async function getLandingImages(db: Db): Promise<LandingImages> {
  const stored = await getStoredLandingImages(db);
  return Object.fromEntries(
    landingSections.map((s) => [s, { desktop: stored[s]?.desktop?.url ?? defaultLandingImages[s].desktop, mobile: stored[s]?.mobile?.url ?? defaultLandingImages[s].mobile }]),
  ) as LandingImages;
}
