import { z } from 'zod';
import { uploadedFileSchema } from './announcements.ts';
import { optionalSelectId, selectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { idText } from './rules/ids.ts';
import { ARCHIVE_EXTENSIONS, MB, UPLOAD_MAX_BYTES, type UploadRule } from './rules/limits.ts';
import { CARDS_PER_PAGE, deletedFiles, description, filterText, language, rating } from './rules/creative.ts';
import { pageQuerySchema } from './rules/list.ts';
import { lineText, nameText, text } from './rules/text.ts';
import { listReply } from './reply.ts';

/** Creatives (SPEC.md sections 1 and 3): banners, site logos, offer logos; landing pages with their preview images are landing-pages.ts. */

/** Banner images and banner packs (archives checked by content); 2 MB, the upload default. */
export const bannerUploadRule = { extensions: ['jpg', 'jpeg', 'png', 'gif', 'svg', ...ARCHIVE_EXTENSIONS], maxBytes: UPLOAD_MAX_BYTES } as const satisfies UploadRule;
/** A site's logos: svg (sanitised) or png, up to 1 MB (SPEC.md section 5: logo svg up to 1 MB). */
export const siteLogoUploadRule = { extensions: ['svg', 'png'], maxBytes: MB } as const satisfies UploadRule;
/** An offer's logo: svg up to 1 MB, or an image up to 2 MB (checked in that order). */
export const offerLogoImageRule = { extensions: ['jpg', 'jpeg', 'png', 'gif'], maxBytes: UPLOAD_MAX_BYTES } as const satisfies UploadRule;

export const creativeSiteSchema = z.object({ id: z.number(), name: z.string(), display_name: z.string() });
export type CreativeSite = z.infer<typeof creativeSiteSchema>;
/** GET /v1/creatives/sites: the sites for the creatives screens' pickers (readable with `creatives` alone, unlike /v1/sites). */
export const creativeSiteListReplySchema = z.object({ data: z.array(creativeSiteSchema) });


/** Banner (SPEC.md section 3): name, site, language, size, category, format, rating, description, image. */
export const bannerSchema = z.object({
  id: z.number(),
  site: creativeSiteSchema,
  name: z.string(),
  language: z.string(),
  /** "300x250", read from the image; given by staff for a banner pack, '' when unknown. */
  size: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  category: z.string(),
  /** What the file really is: jpg, png, gif, svg, zip, rar or 7z. */
  format: z.string(),
  is_archive: z.boolean(),
  rating: z.number(),
  description: z.string(),
  image: uploadedFileSchema,
  created_at: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** Create and update: multipart fields, the file as `image` (required on create). */
export const bannerInputSchema = z.object({
  site_id: selectId(),
  name: required(nameText({ max: 150 })),
  language: language(),
  category: optional(lineText({ max: 60 }), '').optional().transform((v) => v ?? ''),
  /** Only for banner packs (archives): images give their own size. */
  size: optional(text({ max: 20 }).pipe(z.string().regex(/^\d{1,5}x\d{1,5}$/, 'Use width x height, e.g. 300x250')), '')
    .optional()
    .transform((v) => v ?? ''),
  rating: rating(),
  description: description(),
  image_deleted: deletedFiles(),
});
export type BannerInput = z.input<typeof bannerInputSchema>;


/**
 * The standard (IAB) banner sizes, widest first within each shape: the size filter names them
 * ("728x90 · Leaderboard"); a banner of another size is listed by its numbers alone.
 */
export const STANDARD_BANNER_SIZES = ['970x250', '970x90', '728x90', '468x60', '320x100', '320x50', '300x50', '234x60', '336x280', '300x250', '250x250', '200x200', '180x150', '125x125', '300x1050', '300x600', '160x600', '120x600', '120x240'] as const;
/**
 * A banner's shape by its proportions: horizontal (at least twice as wide as high: leaderboards,
 * mobile banners), vertical (at least twice as high as wide: skyscrapers, half page), rectangle
 * (the rest: rectangles and squares).
 */
export const BANNER_SHAPES = ['horizontal', 'rectangle', 'vertical'] as const;
export type BannerShape = (typeof BANNER_SHAPES)[number];
/** A width or height bound in pixels; empty is no bound. */
const dimension = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(10000).optional());
export const bannersQuerySchema = pageQuerySchema(
  {
  site_id: idText().optional(),
  language: filterText(),
  /** One exact size, `300x250`. */
  size: filterText(),
  shape: z.enum(BANNER_SHAPES).optional(),
  /** Bounds on the size: "fits a 300 px wide column" is `max_width=300`. */
  min_width: dimension(),
  max_width: dimension(),
  min_height: dimension(),
  max_height: dimension(),
  category: filterText(),
  format: filterText(),
  /** At least this rating. */
  rating: z.coerce.number().int().min(0).max(5).optional(),
  },
  { defaultPerPage: CARDS_PER_PAGE },
);
/** What a screen sends as the query (the schema reads numbers from text). */
export type BannersQuery = { page?: number; per_page?: number; rating?: number | undefined; shape?: BannerShape | undefined } & Partial<
  Record<'min_width' | 'max_width' | 'min_height' | 'max_height', number | undefined>
> &
  Partial<Record<'site_id' | 'language' | 'size' | 'category' | 'format', string | undefined>>;
export const bannerListReplySchema = listReply(bannerSchema);
export const bannerReplySchema = z.object({ data: bannerSchema, message: z.string().optional() });
/** The values the Banners filters offer, from the banners there are. */
export const bannerFacetsSchema = z.object({ languages: z.array(z.string()), sizes: z.array(z.string()), categories: z.array(z.string()), formats: z.array(z.string()) });
export type BannerFacets = z.infer<typeof bannerFacetsSchema>;
export const bannerFacetsReplySchema = z.object({ data: bannerFacetsSchema });

/** The affiliate's embed code of a banner: an offer of the banner's site, optionally a campaign and sub IDs. */
const subId = z.string().trim().max(255).optional();
export const bannerCodeRequestSchema = z.object({
  offer_id: selectId(),
  campaign_id: optionalSelectId().optional(),
  /** Where the click lands; by default the offer's landing page (or the site's best rated one). */
  landing_page_id: optionalSelectId().optional(),
  sub1: subId,
  sub2: subId,
  sub3: subId,
  sub4: subId,
  sub5: subId,
});
export type BannerCodeRequest = z.input<typeof bannerCodeRequestSchema>;
export const bannerCodeReplySchema = z.object({ data: z.object({ url: z.string(), code: z.string(), html: z.string() }) });

/** Logos (SPEC.md section 3): a site's logos, svg or png. */
export const siteLogoSchema = z.object({
  id: z.number(),
  site: creativeSiteSchema,
  name: z.string(),
  format: z.string(),
  image: uploadedFileSchema,
  created_at: z.string(),
});
export type SiteLogo = z.infer<typeof siteLogoSchema>;
export const siteLogoInputSchema = z.object({
  site_id: selectId(),
  name: optional(nameText({ max: 100 }), '').optional().transform((v) => v ?? ''),
});
export type SiteLogoInput = z.input<typeof siteLogoInputSchema>;
export const logosQuerySchema = pageQuerySchema({ site_id: idText().optional() }, { defaultPerPage: 100 });
export const logoZipQuerySchema = z.object({ site_id: idText() });
export const siteLogoListReplySchema = listReply(siteLogoSchema);
export const siteLogoReplySchema = z.object({ data: siteLogoSchema, message: z.string().optional() });

/** An offer's logo, or its site's first logo when it has none. */
export const offerLogoSchema = z.object({ offer_id: z.number(), logo: uploadedFileSchema.nullable(), from_site: z.boolean() });
export const offerLogoReplySchema = z.object({ data: offerLogoSchema, message: z.string().optional() });

export const creativeMessages = {
  bannerCreated: 'Banner created successfully',
  bannerUpdated: 'Banner updated successfully',
  bannerDeleted: 'Banner deleted successfully',
  bannerNotFound: 'Banner not found.',
  logoCreated: 'Logo created successfully',
  logoUpdated: 'Logo updated successfully',
  logoDeleted: 'Logo deleted successfully',
  logoNotFound: 'Logo not found.',
  offerLogoSaved: 'Image updated successfully',
  offerNotFound: 'Offer not found.',
  siteNotFound: 'Site not found.',
  noImage: 'This field is required',
  archiveHasNoCode: 'A banner pack is downloaded, not embedded.',
  offerOfOtherSite: 'This offer does not belong to the site.',
} as const;
