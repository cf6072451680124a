import { z } from 'zod';
import { optionalSelectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { text } from './rules/text.ts';
import { siteUrl } from './rules/urls.ts';

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
  /** Staff only: the first characters of the site's API key. */
  api_key_prefix: z.string().nullable().optional(),
  created_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteInputSchema = z.object({
  name: required(text({ max: 100 })).pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')),
  display_name: required(text({ max: 150 })),
  url: required(siteUrl()),
  description: optional(text({ max: 5000 }), '').optional().transform((v) => v ?? ''),
  type: optional(text({ max: 32 }), 'vr').optional().transform((v) => v ?? 'vr'),
  manager_id: optionalSelectId().optional(),
  models_api_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  scenes_api_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  message: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
});
export type SiteInput = z.input<typeof siteInputSchema>;

/** Create and rotate answer the key once; it is never shown again. */
export const siteWithKeyReplySchema = z.object({ data: siteSchema.extend({ api_key: z.string() }) });
export const siteReplySchema = z.object({ data: siteSchema });
export const siteListReplySchema = z.object({ data: z.array(siteSchema) });
