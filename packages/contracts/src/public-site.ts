import { z } from 'zod';
import { required } from './rules/field.ts';
import { text } from './rules/text.ts';
import { email } from './rules/urls.ts';

/** Contact Us (footer dialog): visitors and affiliates only. */
export const contactRequestSchema = z.object({
  name: required(text({ max: 200 })),
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

/** GET /v1/landing: what the public home page shows. */
export const landingReplySchema = z.object({ data: z.object({ seo: seoSchema, images: landingImagesSchema }) });
