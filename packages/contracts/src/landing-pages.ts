import { z } from 'zod';
import { uploadedFileSchema } from './announcements.ts';
import { selectId } from './rules/choice.ts';
import { CARDS_PER_PAGE, deletedFiles, description, filterText, language, rating } from './rules/creative.ts';
import { required } from './rules/field.ts';
import { idText } from './rules/ids.ts';
import { uploadRules } from './rules/limits.ts';
import { listQuerySchema, pageQuerySchema } from './rules/list.ts';
import { nameText } from './rules/text.ts';
import { listReply } from './reply.ts';
import { validationMessages as m } from './validation.ts';
import { siteUrl } from './rules/urls.ts';

/**
 * A site's landing page (SPEC.md section 3): its fields and its two preview images, desktop and
 * mobile (jpg, jpeg, png up to 2 MB). Offers and links send clicks to it; the creatives screen
 * shows it with its images. The one contract of the `landing_pages` table.
 */

/** The landing page as the offers' lists read it: its fields, the site by id. */
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

/** The fields staff fill in, on every route that saves a landing page. */
export const landingPageInputSchema = z.object({
  site_id: selectId(),
  name: required(nameText({ max: 150 })),
  url: required(siteUrl()),
  description: description(),
  language: language(),
  rating: rating(),
});
export type LandingPageInput = z.input<typeof landingPageInputSchema>;

/** The images, fields of the multipart form: a new file in each replaces the stored one; `<image>_deleted` naming the stored one removes it. */
export const landingPageImageFields = ['desktop_image', 'mobile_image'] as const;
export type LandingPageImageField = (typeof landingPageImageFields)[number];
/** Each image's rule: jpg, jpeg, png up to 2 MB. */
export const landingPageImageRule = uploadRules.landingImage;
/** The multipart form (fields and images): POST /v1/creatives/landing-pages, PATCH /v1/creatives/landing-pages/{id}. */
export const landingPageFormSchema = landingPageInputSchema.extend({
  desktop_image_deleted: deletedFiles(),
  mobile_image_deleted: deletedFiles(),
});
export type LandingPageFormInput = z.input<typeof landingPageFormSchema>;

/** The landing page with its site's names and its images, as the creatives screen shows it. */
export const landingPageWithImagesSchema = z.object({
  id: z.number(),
  site: z.object({ id: z.number(), name: z.string(), display_name: z.string() }),
  ...landingPageSchema.omit({ id: true, site_id: true }).shape,
  desktop_image: uploadedFileSchema.nullable(),
  mobile_image: uploadedFileSchema.nullable(),
});
export type LandingPageWithImages = z.infer<typeof landingPageWithImagesSchema>;

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

/** The creatives screen's cards: best rated first, by site, language and lowest rating. */
export const landingPagesWithImagesQuerySchema = pageQuerySchema(
  {
    site_id: idText().optional(),
    language: filterText(),
    rating: z.coerce.number().int().min(0).max(5).optional(),
  },
  { defaultPerPage: CARDS_PER_PAGE },
);
/** What a screen sends as the query. */
export type LandingPagesWithImagesQuery = { page?: number; per_page?: number; rating?: number | undefined } & Partial<Record<'site_id' | 'language', string | undefined>>;
export const landingPageWithImagesListReplySchema = listReply(landingPageWithImagesSchema);
export const landingPageWithImagesReplySchema = z.object({ data: landingPageWithImagesSchema, message: z.string().optional() });

export const landingPageMessages = {
  created: 'Landing page created successfully',
  updated: 'Landing page updated successfully',
  deleted: 'Landing page deleted successfully',
  notFound: 'Landing page not found.',
  siteNotFound: 'This site does not exist.',
  usedByOffer: 'An offer uses this landing page: it stays with its site.',
  notOfSite: 'This landing page does not belong to the site.',
} as const;
