import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { settings, sites } from '../db/schema/index.ts';
import { CATALOGUE_SYNC_JOB } from '../modules/catalogue/index.ts';
import { enqueue } from '../modules/jobs/index.ts';
import type { LocalAnswers } from '../lib/safe-fetch.ts';

/**
 * The demo sites' catalogue APIs, served by the demo itself (paged, in the shape docs/creatives.md
 * expects) with generated, safe-for-work placeholder images, so "Sync now" can be tried right after
 * `npm start`. Only with DEMO_DATA.
 *
 * The demo sites name them as a real site would, on a public-looking host of their own,
 * `https://api.<site>.example/models|scenes` (`.example` is reserved and never resolves), so the
 * demo data passes the site form's own rules and can be saved unchanged. The catalogue sync asks
 * `demoCatalogueAnswers` first: it answers those hosts from this app's routes under
 * `/demo-catalogue/` (app.inject: no lookup, no connection, no private address to exempt).
 */

const DEMO_SITES = ['novavr', 'holostage', 'immersa'] as const;

/** Where a demo site's catalogue API lives, as the site form shows it. */
export const demoCatalogueOrigin = (site: string) => `https://api.${site}.example`;
const DEMO_HOST = /^api\.(novavr|holostage|immersa)\.example$/;
const PER_PAGE = 10;
const MODEL_NAMES = ['Ava Lux', 'Mia Vale', 'Lena Frost', 'Nora Skye', 'Iris Bloom', 'Zoe Hart', 'Kira Moon', 'Tess Rowan', 'Luna Reyes', 'Cleo March', 'Jade Winter', 'Ruby Lane'];
const PLACES = ['Penthouse', 'Beach House', 'Studio Loft', 'Garden Terrace', 'Neon Lounge', 'Mountain Cabin', 'Rooftop Pool', 'Library', 'Art Gallery', 'Yacht Deck'];
const MOODS = ['Sunset', 'Midnight', 'Morning', 'Golden Hour', 'Rainy Day', 'Weekend', 'Holiday', 'First Date'];
const TAGS = ['pov', 'romantic', 'outdoor', 'indoor', 'couple', 'solo', 'cosplay', 'dance', 'massage', 'glamour'];
const PROJECTIONS = ['equirectangular', 'fisheye'];
const RESOLUTIONS = ['5K', '6K', '8K'];
const PALETTES = [
  ['#7c3aed', '#22d3ee'],
  ['#db2777', '#f59e0b'],
  ['#0ea5e9', '#10b981'],
  ['#6366f1', '#ec4899'],
];

/** A small deterministic generator, so the demo catalogue is the same at every start. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

const siteIndex = (site: string) => Math.max(0, DEMO_SITES.indexOf(site as (typeof DEMO_SITES)[number]));

function scenesOf(site: string, base: string) {
  const idx = siteIndex(site);
  const r = rng(1000 + idx);
  const count = 36 - idx * 8;
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const title = `${pick(r, MOODS)} at the ${pick(r, PLACES)}`;
    const models = [pick(r, MODEL_NAMES), ...(r() > 0.6 ? [pick(r, MODEL_NAMES)] : [])];
    return {
      id: `${site}-scene-${i + 1}`,
      title,
      url: `https://${site}.example/scenes/${i + 1}`,
      description: `${title}: a ${pick(r, ['relaxed', 'playful', 'cinematic', 'intimate'])} VR scene with ${[...new Set(models)].join(' and ')}.`,
      tags: [...new Set([pick(r, TAGS), pick(r, TAGS), 'pov'])],
      models: [...new Set(models)].map((name) => ({ name })),
      images: [`${base}/images/scene-${site}-${i + 1}.png`],
      trailer_url: r() > 0.3 ? `https://${site}.example/trailers/${i + 1}.mp4` : null,
      vr: { fov: r() > 0.25 ? 180 : 360, projection: pick(r, PROJECTIONS), resolution: pick(r, RESOLUTIONS), duration: Math.round(900 + r() * 2700) },
      // Newest first: one scene every two days, the latest today.
      published_at: new Date(now - (i * 2 + idx) * 86_400_000).toISOString(),
    };
  });
}

function modelsOf(site: string, base: string) {
  const idx = siteIndex(site);
  const r = rng(2000 + idx);
  return MODEL_NAMES.slice(idx * 2, idx * 2 + 8).map((name, i) => ({
    id: `${site}-model-${i + 1}`,
    name,
    url: `https://${site}.example/models/${name.toLowerCase().replace(/\s+/g, '-')}`,
    description: `${name} stars in ${3 + Math.floor(r() * 20)} scenes on ${site}.`,
    tags: [pick(r, TAGS), pick(r, TAGS)],
    images: [`${base}/images/model-${site}-${i + 1}.png`],
    published_at: new Date(Date.now() - (i * 9 + idx) * 86_400_000).toISOString(),
  }));
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A placeholder picture: a gradient, soft shapes and the item's name. */
async function placeholder(name: string): Promise<Buffer> {
  const [kind, site, n] = name.split('-') as [string, string, string];
  const model = kind === 'model';
  const [w, h] = model ? [600, 800] : [1280, 720];
  const [from, to] = PALETTES[(Number(n) + siteIndex(site)) % PALETTES.length]!;
  const label = model ? (MODEL_NAMES[siteIndex(site) * 2 + Number(n) - 1] ?? 'Model') : `Scene ${n}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="${w * 0.75}" cy="${h * 0.3}" r="${h * 0.25}" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="${w * 0.2}" cy="${h * 0.8}" r="${h * 0.35}" fill="#000000" fill-opacity="0.12"/>
  <text x="50%" y="${h * 0.5}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${model ? 56 : 72}" font-weight="700" fill="#ffffff" text-anchor="middle">${xml(label)}</text>
  <text x="50%" y="${h * 0.5 + (model ? 60 : 80)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${model ? 28 : 36}" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">${xml(site.toUpperCase())} · VR</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** The demo catalogue API and its images. */
export async function demoCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const images = new Map<string, Promise<Buffer>>();
  const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
  for (const kind of ['models', 'scenes'] as const) {
    app.get(`/demo-catalogue/:site/${kind}`, { schema: { hide: true } }, async (request, reply) => {
      const { site } = request.params as { site: string };
      if (!(DEMO_SITES as readonly string[]).includes(site)) return reply.code(404).send({ error_code: 'not_found', message: 'No such demo site.' });
      const { page } = pageQuery.parse(request.query);
      const all = kind === 'models' ? modelsOf(site, demoCatalogueOrigin(site)) : scenesOf(site, demoCatalogueOrigin(site));
      return { data: all.slice((page - 1) * PER_PAGE, page * PER_PAGE), meta: { page, last_page: Math.max(1, Math.ceil(all.length / PER_PAGE)), total: all.length } };
    });
  }
  app.get('/demo-catalogue/images/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const m = /^((?:model|scene)-(?:novavr|holostage|immersa)-\d{1,3})\.png$/.exec(name);
    if (!m) return reply.code(404).send({ error_code: 'not_found', message: 'No such image.' });
    let png = images.get(m[1]!);
    if (!png) images.set(m[1]!, (png = placeholder(m[1]!)));
    return reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(await png);
  });
}

/**
 * The demo catalogue hosts answered by this app: `https://api.<site>.example/models?page=2` is
 * `/demo-catalogue/<site>/models?page=2`, `/images/<name>` is `/demo-catalogue/images/<name>`.
 */
export function demoCatalogueAnswers(app: FastifyInstance): LocalAnswers {
  return async (url) => {
    const site = DEMO_HOST.exec(url.hostname)?.[1];
    if (!site || url.protocol !== 'https:' || url.port !== '') return undefined;
    const path = url.pathname.startsWith('/images/') ? `/demo-catalogue${url.pathname}` : `/demo-catalogue/${site}${url.pathname}`;
    const res = await app.inject({ method: 'GET', url: `${path}${url.search}` });
    return { status: res.statusCode, body: res.rawPayload, contentType: String(res.headers['content-type'] ?? '') };
  };
}

const CATALOGUE_MARKER = 'demo_catalogue_version';
const CATALOGUE_VERSION = 2;

/**
 * Points the demo sites at the demo catalogue API and queues one sync of each (once per database).
 * A demo seeded before the catalogue moved to its own hosts (version 1: this app's public URL) is
 * moved, where the site still names the old address.
 */
export async function seedDemoCatalogue(db: Db, publicUrl: string): Promise<void> {
  const [done] = await db.select().from(settings).where(eq(settings.key, CATALOGUE_MARKER));
  if (done && Number(done.value) >= CATALOGUE_VERSION) return;
  const rows = await db.select({ id: sites.id, name: sites.name, modelsApiUrl: sites.modelsApiUrl }).from(sites).where(inArray(sites.name, [...DEMO_SITES]));
  for (const s of rows) {
    if (done && s.modelsApiUrl !== `${publicUrl}/demo-catalogue/${s.name}/models`) continue;
    await db
      .update(sites)
      .set({ modelsApiUrl: `${demoCatalogueOrigin(s.name)}/models`, scenesApiUrl: `${demoCatalogueOrigin(s.name)}/scenes` })
      .where(eq(sites.id, s.id));
    await enqueue(db, CATALOGUE_SYNC_JOB, { site_id: s.id });
  }
  await db
    .insert(settings)
    .values({ key: CATALOGUE_MARKER, value: CATALOGUE_VERSION })
    .onConflictDoUpdate({ target: settings.key, set: { value: CATALOGUE_VERSION } });
}
