import { z } from 'zod';
import { selectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { idText } from './rules/ids.ts';
import { listQuerySchema } from './rules/list.ts';
import { nameText, text } from './rules/text.ts';
import { listReply } from './reply.ts';
import { validationMessages as m } from './validation.ts';
import { siteUrl } from './rules/urls.ts';

export const landingPageSchema = z.object({
  id: z.number(),
  site_id: z.number(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  language: z.string(),
  rating: z.number(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;
export const landingPageInputSchema = z.object({
  site_id: selectId(),
  name: required(nameText({ max: 150 })),
  url: required(siteUrl()),
  description: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
  language: optional(text({ max: 8 }), 'en').optional().transform((v) => v ?? 'en'),
  rating: z.coerce.number().int().min(0).max(5).optional().default(0),
});
export const landingPageSortFields = ['rating', 'name', 'language', 'id'] as const;
/** Best rated first by default; `search` matches the name, part of it. */
export const landingPagesQuerySchema = listQuerySchema(
  {
    site_id: idText().optional(),
    search: z.string({ error: m.invalid }).trim().max(100, m.invalid).optional(),
  },
  { sort: landingPageSortFields, defaultSort: 'rating', defaultOrder: 'desc' },
);
export type LandingPagesQuery = z.input<typeof landingPagesQuerySchema>;
export const landingPageReplySchema = z.object({ data: landingPageSchema });
export const landingPageListReplySchema = listReply(landingPageSchema);
