import { type LandingImages, landingSections, type Seo } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { getSetting } from '../settings/service.ts';

/** Good defaults until staff edit SEO and the landing page images in Global Settings. */
export const defaultSeo: Seo = {
  title: 'VR Affiliate Network — Partner Program for Premium VR Sites',
  description:
    'Join the VR affiliate network: promote premium virtual-reality studios with tracking links, creatives and postbacks, and earn revenue share or pay per signup, paid monthly.',
  content: 'Affiliate program for premium VR studios: real-time statistics, postbacks, creatives, revenue share, pay per signup and 5% lifetime referral commission.',
};

/** Placeholder illustrations shipped with the web app (no photos in the repository). */
export const defaultLandingImages: LandingImages = Object.fromEntries(
  landingSections.map((s) => [s, { desktop: `/landing/${s}-desktop.svg`, mobile: `/landing/${s}-mobile.svg` }]),
) as LandingImages;

export async function getSeo(db: Db): Promise<Seo> {
  return { ...defaultSeo, ...(await getSetting<Partial<Seo>>(db, 'seo', {})) };
}

export async function getLandingImages(db: Db): Promise<LandingImages> {
  const stored = await getSetting<Partial<LandingImages>>(db, 'landing_images', {});
  return Object.fromEntries(landingSections.map((s) => [s, { ...defaultLandingImages[s], ...stored[s] }])) as LandingImages;
}
