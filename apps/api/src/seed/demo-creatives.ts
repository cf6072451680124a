import { uploadRules } from '@portal/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { banners, landingPages, offers, settings, siteLogos, sites, users } from '../db/schema/index.ts';
import { buildZip, createBanner, createLogo } from '../modules/creatives/index.ts';
import { storeUpload } from '../modules/uploads/index.ts';
import { bannerPng, bannerSvg, landingPng, logoMarkPng, logoSvg } from './placeholder-images.ts';

const MARKER = 'demo_creatives_version';

const looks: Record<string, { from: string; to: string; line: string }> = {
  novavr: { from: '#7c3aed', to: '#22d3ee', line: 'Cinematic 8K VR' },
  holostage: { from: '#0ea5e9', to: '#22c55e', line: 'Step into the show' },
  immersa: { from: '#f59e0b', to: '#ef4444', line: 'A world of VR' },
};
const fallbackLook = { from: '#3b82f6', to: '#8b5cf6', line: 'Premium VR' };

const file = (name: string, bytes: Buffer | string) => ({ field: 'image', filename: name, bytes: new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes) : bytes), truncated: false });

/**
 * Demo creatives for every site: banners (SVG with text, PNG, one banner pack), logos (SVG, PNG),
 * preview images for the landing pages and a logo for one offer. Drawn by placeholder-images.ts,
 * stored through the same checks as staff uploads. Runs once per database.
 */
export async function seedDemoCreatives(db: Db, config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.isClient, false)).orderBy(asc(users.id)).limit(1);
  const siteList = await db.select().from(sites).orderBy(asc(sites.id));
  if (!staff || !siteList.length) return;
  const started = Date.now();
  for (const [i, site] of siteList.entries()) {
    const look = looks[site.name] ?? fallbackLook;
    const [hasBanner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.siteId, site.id)).limit(1);
    if (!hasBanner) {
      const make = (name: string, f: ReturnType<typeof file>, extra: Record<string, string> = {}) =>
        createBanner(db, config, staff.id, { fields: { site_id: String(site.id), name, language: 'en', category: 'Brand', rating: String(4 - (i % 2)), description: `${site.displayName}: ${look.line}.`, ...extra }, files: [f] });
      await make(`${site.displayName} medium rectangle`, file(`${site.name}-300x250.svg`, bannerSvg(300, 250, look.from, look.to, site.displayName, look.line, 'Join now')), { rating: '5' });
      await make(`${site.displayName} leaderboard`, file(`${site.name}-728x90.svg`, bannerSvg(728, 90, look.from, look.to, site.displayName, look.line, 'Watch')));
      await make(`${site.displayName} skyscraper`, file(`${site.name}-160x600.png`, bannerPng(160, 600, look.from, look.to)), { category: 'Seasonal' });
      await make(`${site.displayName} Banner (Deutsch)`, file(`${site.name}-300x250-de.svg`, bannerSvg(300, 250, look.to, look.from, site.displayName, 'VR in 8K', 'Jetzt ansehen')), { language: 'de', category: 'Launch' });
      await make(`${site.displayName} square`, file(`${site.name}-250x250.png`, bannerPng(250, 250, look.to, look.from)), { language: 'es', category: 'Launch', rating: '3' });
      const pack = buildZip([
        { name: 'banner-468x60.svg', bytes: Buffer.from(bannerSvg(468, 60, look.from, look.to, site.displayName, look.line, 'Join')) },
        { name: 'README.txt', bytes: Buffer.from(`${site.displayName} banner pack: upload the files to your site and link them with your tracking link.\n`) },
      ]);
      await make(`${site.displayName} banner pack`, file(`${site.name}-pack.zip`, pack), { size: '468x60', category: 'Brand' });
    }
    const [hasLogo] = await db.select({ id: siteLogos.id }).from(siteLogos).where(eq(siteLogos.siteId, site.id)).limit(1);
    if (!hasLogo) {
      await createLogo(db, config, staff.id, { fields: { site_id: String(site.id), name: 'Light' }, files: [file(`${site.name}-light.svg`, logoSvg(site.displayName, look.from, '#ffffff'))] });
      await createLogo(db, config, staff.id, { fields: { site_id: String(site.id), name: 'Dark' }, files: [file(`${site.name}-dark.svg`, logoSvg(site.displayName, look.from, '#111318'))] });
      await createLogo(db, config, staff.id, { fields: { site_id: String(site.id), name: 'Mark' }, files: [file(`${site.name}-mark.png`, logoMarkPng(look.from))] });
    }
    const pages = await db.select().from(landingPages).where(and(eq(landingPages.siteId, site.id), isNull(landingPages.imageUuid)));
    for (const [n, lp] of pages.entries()) {
      const [a, b] = n % 2 ? [look.to, look.from] : [look.from, look.to];
      const desktop = await storeUpload(db, config, { ...file(`${lp.name}-desktop.png`, landingPng(1280, 800, a, b)), field: 'desktop_image' }, uploadRules.landingImage, staff.id);
      const mobile = await storeUpload(db, config, { ...file(`${lp.name}-mobile.png`, landingPng(390, 844, a, b)), field: 'mobile_image' }, uploadRules.landingImage, staff.id);
      await db.update(landingPages).set({ imageUuid: desktop.uuid, mobileImageUuid: mobile.uuid }).where(eq(landingPages.id, lp.id));
    }
  }
  // One offer with a logo of its own; the others show their site's.
  const [first] = await db.select().from(offers).where(isNull(offers.logoUuid)).orderBy(asc(offers.id)).limit(1);
  if (first) {
    const look = looks[siteList.find((s) => s.id === first.siteId)?.name ?? ''] ?? fallbackLook;
    const logo = await storeUpload(db, config, { ...file('offer-logo.svg', logoSvg(first.name.split(' ')[0] ?? 'Offer', look.to, '#ffffff')), field: 'logo' }, uploadRules.logo, staff.id);
    await db.update(offers).set({ logoUuid: logo.uuid }).where(eq(offers.id, first.id));
  }
  await db.insert(settings).values({ key: MARKER, value: 1 }).onConflictDoNothing();
  log.info(`Demo creatives created: banners, logos and landing page previews (${Math.round((Date.now() - started) / 100) / 10} s).`);
}
