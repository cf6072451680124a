import { z } from 'zod';
import { optionalSelectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { listQuerySchema } from './rules/list.ts';
import { nameText, text } from './rules/text.ts';
import { listReply } from './reply.ts';
import { validationMessages as m } from './validation.ts';
import { SITE_URL_MAX, siteUrl } from './rules/urls.ts';
import { lastSyncSchema } from './catalogue.ts';

/**
 * How a site's catalogue answer maps onto ours (docs/creatives.md): our field name -> the site's
 * (dot path), plus `items` (where the list is) and `page_param`. Written as JSON in the site form.
 */
const mappingKeys = ['items', 'page_param', 'id', 'name', 'title', 'description', 'url', 'tags', 'models', 'images', 'image', 'trailer_url', 'fov', 'projection', 'resolution', 'duration', 'published_at'] as const;
export const catalogueMappingSchema = z.partialRecord(z.enum(mappingKeys), z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/));
export type CatalogueMapping = z.infer<typeof catalogueMappingSchema>;
const mappingText = text({ max: 4000 }).refine((v) => {
  try {
    return catalogueMappingSchema.safeParse(JSON.parse(v)).success;
  } catch {
    return false;
  }
}, m.invalid);

export const siteSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  url: z.string(),
  description: z.string(),
  type: z.string(),
  manager: z.object({ id: z.number(), name: z.string() }).nullable(),
  models_api_url: z.string().nullable(),
  scenes_api_url: z.string().nullable(),
  message: z.string(),
  /** Where a click on the site's offers goes when it cannot go to its offer and the offer has no fallback. */
  fallback_url: z.string().nullable(),
  /** Staff only: the first characters of the site's API key. */
  api_key_prefix: z.string().nullable().optional(),
  /** Staff only: the field mapping of the catalogue APIs, as JSON text. */
  catalogue_mapping: z.string().nullable().optional(),
  /** Staff only: the last catalogue sync (null before the first). */
  last_sync: lastSyncSchema.nullable().optional(),
  created_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteInputSchema = z.object({
  name: required(text({ max: 100 })).pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')),
  display_name: required(nameText({ max: 150 })),
  url: required(siteUrl(SITE_URL_MAX)),
  description: optional(text({ max: 5000 }), '').optional().transform((v) => v ?? ''),
  type: optional(text({ max: 32 }), 'vr').optional().transform((v) => v ?? 'vr'),
  manager_id: optionalSelectId().optional(),
  models_api_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  scenes_api_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  message: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
  fallback_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  catalogue_mapping: optional(mappingText).optional(),
});
export type SiteInput = z.input<typeof siteInputSchema>;

/** Create and rotate answer the key once; it is never shown again. */
export const siteWithKeyReplySchema = z.object({ data: siteSchema.extend({ api_key: z.string() }) });
export const siteReplySchema = z.object({ data: siteSchema });
export const siteSortFields = ['display_name', 'name', 'created_at', 'id'] as const;
/** `search` matches the name or the display name, part of it. */
export const sitesQuerySchema = listQuerySchema(
  {
    search: z.string({ error: m.invalid }).trim().max(100, m.invalid).optional(),
  },
  { sort: siteSortFields, defaultSort: 'display_name' },
);
export type SitesQuery = z.input<typeof sitesQuerySchema>;
export const siteListReplySchema = listReply(siteSchema);
