import { z } from 'zod';
import { linkCampaignAndSubIds } from './links.ts';
import { listMetaSchema } from './reply.ts';
import { optionalSelectId } from './rules/choice.ts';
import { idText } from './rules/ids.ts';

/** Models ("pornstars") and scenes synced from each site's catalogue APIs, and the affiliates' feeds of them. */

export const catalogueKinds = ['model', 'scene'] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];
export const fovValues = [180, 360] as const;

export const catalogueImageSchema = z.object({
  /** Card size (480 × 270 for scenes, 320 × 427 for models), WebP, served by us with a year's cache. */
  card: z.string(),
  /** Large size (up to 1280 wide) for the viewer. */
  large: z.string(),
  width: z.number(),
  height: z.number(),
});

export const catalogueItemSchema = z.object({
  id: z.number(),
  /** `model:<id>` or `scene:<id>`: what a link made from this card carries into statistics. */
  creative_id: z.string(),
  kind: z.enum(catalogueKinds),
  site: z.object({ id: z.number(), name: z.string() }),
  external_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The page on the site (a deep tracking link leads here). */
  url: z.string(),
  tags: z.array(z.string()),
  models: z.array(z.string()),
  images: z.array(catalogueImageSchema),
  trailer_url: z.string().nullable(),
  fov: z.number().nullable(),
  projection: z.string().nullable(),
  resolution: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  /** What converts: earnings per click over the last 30 days, dollars (null before any click). */
  epc: z.number().nullable(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueSorts = ['newest', 'converts'] as const;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const catalogueQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  site_id: z.preprocess(blankToUndefined, idText().optional()),
  tag: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  fov: z.preprocess(blankToUndefined, z.enum(['180', '360']).optional()),
  projection: z.preprocess(blankToUndefined, z.string().trim().max(32).optional()),
  resolution: z.preprocess(blankToUndefined, z.string().trim().max(32).optional()),
  /** Minutes, inclusive. */
  min_duration: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  max_duration: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(catalogueSorts).default('newest')),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
});
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

/** The values the filters offer, across the whole catalogue of that kind. */
export const catalogueFacetsSchema = z.object({
  tags: z.array(z.string()),
  projections: z.array(z.string()),
  resolutions: z.array(z.string()),
  fovs: z.array(z.number()),
});
export const catalogueListReplySchema = z.object({
  data: z.array(catalogueItemSchema),
  meta: listMetaSchema.extend({ facets: catalogueFacetsSchema }),
});

/** A deep tracking link to a model's or scene's page: the site's offer (its first active one unless chosen), optional campaign and sub IDs. */
export const catalogueLinkRequestSchema = z.object({
  offer_id: optionalSelectId().optional(),
  ...linkCampaignAndSubIds,
});
export type CatalogueLinkRequest = z.input<typeof catalogueLinkRequestSchema>;

/** The last catalogue sync of a site. */
export const lastSyncSchema = z.object({
  at: z.string(),
  added: z.number(),
  updated: z.number(),
  removed: z.number(),
  error: z.string().nullable(),
});
export type LastSync = z.infer<typeof lastSyncSchema>;
export const syncStartedReplySchema = z.object({ data: z.object({ queued: z.boolean(), job_id: z.number() }) });

// ---- Feeds ----

export const feedFormats = ['json', 'xml', 'rss'] as const;
export type FeedFormat = (typeof feedFormats)[number];

/** The fields of each feed item, as the Feeds tab and the API document list them. */
export const feedFields: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'id', description: 'Our id of the item: model:<n> or scene:<n>. Stable.' },
  { name: 'kind', description: 'model or scene.' },
  { name: 'site', description: 'The site the item belongs to (its display name).' },
  { name: 'name', description: "The model's name or the scene's title (plain text)." },
  { name: 'description', description: 'Plain text; no HTML.' },
  { name: 'link', description: 'Your tracking link to the item\'s page on the site. Clicks and sales are credited to you and to this item.' },
  { name: 'image', description: 'The first image, card size (WebP), served by us.' },
  { name: 'images', description: 'Every image: card and large size.' },
  { name: 'trailer_url', description: 'The trailer, where the site offers one.' },
  { name: 'tags', description: 'Tags as the site gives them.' },
  { name: 'models', description: 'Scenes: the models in the scene.' },
  { name: 'fov', description: 'VR field of view: 180 or 360, where known.' },
  { name: 'projection', description: 'VR projection (e.g. equirectangular, fisheye), where known.' },
  { name: 'resolution', description: 'Video resolution (e.g. 8K), where known.' },
  { name: 'duration_seconds', description: 'Length of the scene in seconds, where known.' },
  { name: 'published_at', description: 'When the site published it (ISO 8601).' },
  { name: 'updated_at', description: 'When it last changed here (ISO 8601): use with updated_since.' },
];

/** Query of a public feed. */
export const feedQuerySchema = z.object({
  /** ISO 8601 date-time: only items changed after it (new or updated). */
  updated_since: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true }).optional()),
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Comma-separated site ids; all sites when absent. */
  sites: z.preprocess(blankToUndefined, z.string().regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/).optional()),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

export const feedParamsSchema = z.object({
  feed_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  file: z.string().regex(/^(scenes|models)\.(json|xml|rss)$/),
});

export const feedItemSchema = z.object({
  id: z.string(),
  kind: z.enum(catalogueKinds),
  site: z.string(),
  name: z.string(),
  description: z.string(),
  link: z.string(),
  image: z.string().nullable(),
  images: z.array(z.object({ card: z.string(), large: z.string() })),
  trailer_url: z.string().nullable(),
  tags: z.array(z.string()),
  models: z.array(z.string()),
  fov: z.number().nullable(),
  projection: z.string().nullable(),
  resolution: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;
export const feedJsonSchema = z.object({ total: z.number(), start: z.number(), limit: z.number(), items: z.array(feedItemSchema) });

export const feedUrlsSchema = z.object({ json: z.string(), xml: z.string(), rss: z.string() });
export const feedInfoSchema = z.object({
  /** Null when the affiliate has no live key (never made, or revoked). */
  key: z.string().nullable(),
  created_at: z.string().nullable(),
  scenes: feedUrlsSchema.nullable(),
  models: feedUrlsSchema.nullable(),
  fields: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type FeedInfo = z.infer<typeof feedInfoSchema>;
export const feedInfoReplySchema = z.object({ data: feedInfoSchema });
