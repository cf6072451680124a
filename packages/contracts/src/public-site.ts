import { z } from 'zod';
import { required } from './rules/field.ts';
import { nameText, text } from './rules/text.ts';
import { email } from './rules/urls.ts';

/** Contact Us (footer dialog): visitors and affiliates only. */
export const contactRequestSchema = z.object({
  name: required(nameText({ max: 200 })),
  email: required(email()),
  message: required(text({ max: 5000 })),
  captcha_token: z.string().max(4096).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactMessages = {
  sent: 'Your message has been sent. We will get back to you soon.',
  staffNotAllowed: 'Contact Us is for visitors and affiliates.',
} as const;

/** SEO of the public pages (SPEC.md section 3: title, description, content). */
export const seoSchema = z.object({ title: z.string(), description: z.string(), content: z.string() });
export type Seo = z.infer<typeof seoSchema>;

export const landingSections = ['features', 'network', 'programs'] as const;
export type LandingSection = (typeof landingSections)[number];

/** Per home-page section: the desktop and mobile image addresses. */
export const landingImagesSchema = z.object(
  Object.fromEntries(landingSections.map((s) => [s, z.object({ desktop: z.string(), mobile: z.string() })])) as Record<
    LandingSection,
    z.ZodObject<{ desktop: z.ZodString; mobile: z.ZodString }>
  >,
);
export type LandingImages = z.infer<typeof landingImagesSchema>;

/** "Our network": an active site (one with a live offer) with its logo and a line about it. */
export const networkSiteSchema = z.object({ name: z.string(), display_name: z.string(), url: z.string(), line: z.string(), logo: z.string().nullable() });
export type NetworkSite = z.infer<typeof networkSiteSchema>;
/** "Programs": the payout range of the active offers of one kind; cents for cpa, basis points for revshare. */
export const programRangeSchema = z.object({ payout_type: z.string(), goal: z.string(), min: z.number(), max: z.number(), offers: z.number() });
export type ProgramRange = z.infer<typeof programRangeSchema>;
/** The live part of the home page; the server also puts it into the page it sends (`#home-data`). */
export const homeDataSchema = z.object({ network: z.array(networkSiteSchema), programs: z.array(programRangeSchema) });
export type HomeData = z.infer<typeof homeDataSchema>;

/** GET /v1/landing: what the public home page shows. */
export const landingReplySchema = z.object({ data: z.object({ seo: seoSchema, images: landingImagesSchema, home: homeDataSchema }) });
