import { z } from 'zod';
import { uploadedFileSchema } from './announcements.ts';
import { emailTypeInfo, emailTypes } from './email-templates.ts';
import { landingImagesSchema, landingSections } from './public-site.ts';
import { optional, required } from './rules/field.ts';
import { wholeNumber } from './rules/numbers.ts';
import { lineText, nameText, text } from './rules/text.ts';
import { email, siteUrl, urlEntry } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';

/** An on/off switch: a missing value is required, not zod's English. */
const toggle = () => z.boolean({ error: m.required });

/**
 * Global Settings (SPEC.md section 2): the sections read and written as one document each through
 * `GET|PUT /v1/settings/{section}`. The money sections (payment methods, banks, tax withholdings,
 * split fees) are lists with routes of their own (billing.ts).
 */
export const settingsSectionNames = ['dashboard', 'landing-page-images', 'global-email', 'seo', 'email-notifications', 'maintenance', 'network-details', 'terms'] as const;
export type SettingsSectionName = (typeof settingsSectionNames)[number];

/** GET/PUT /v1/settings/catalogue-sync: minutes between scheduled syncs of each site's catalogue (0: never on schedule). */
export const catalogueSyncSettingsSchema = z.object({ minutes: z.number().int() });
export type CatalogueSyncSettings = z.infer<typeof catalogueSyncSettingsSchema>;
export const catalogueSyncSettingsUpdateSchema = z.object({
  minutes: required(wholeNumber(0, 10_080)),
});

/** Maintenance mode (SPEC.md section 1): staff can still sign in and turn it off. */
export const maintenanceSettingsUpdateSchema = z.object({ enabled: toggle() });
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsUpdateSchema>;

/** Dashboard: a message and links shown at the top of every affiliate's dashboard. */
export const dashboardLinkInputSchema = z.object({
  label: required(lineText({ max: 80 })),
  url: required(urlEntry()),
});
export const dashboardSettingsUpdateSchema = z.object({
  message: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
  links: z.array(dashboardLinkInputSchema).max(10, m.invalid).default([]),
});
export type DashboardSettingsUpdate = z.input<typeof dashboardSettingsUpdateSchema>;
export const dashboardSettingsSchema = z.object({ message: z.string(), links: z.array(z.object({ label: z.string(), url: z.string() })) });
export type DashboardSettings = z.infer<typeof dashboardSettingsSchema>;

/** The name the app shows until Global Settings, Network details gives the network's own. */
export const DEFAULT_NETWORK_NAME = 'VR Affiliate Network';

/**
 * Network details: the network's legal name (the one brand name of the app, its emails, invoices
 * and receipts), address, contact email, tax id and the footer printed on every invoice.
 */
export const networkDetailsUpdateSchema = z.object({
  name: required(lineText({ max: 120 })),
  address: optional(text({ max: 500 }), '').optional().transform((v) => v ?? ''),
  email: optional(email(), '').optional().transform((v) => v ?? ''),
  tax_id: optional(lineText({ max: 50 }), '').optional().transform((v) => v ?? ''),
  invoice_footer: optional(text({ max: 1000 }), '').optional().transform((v) => v ?? ''),
  /** Where a click goes when it cannot go to its offer and neither the offer nor its site names a fallback. */
  default_fallback_url: optional(siteUrl(), '').optional().transform((v) => v ?? ''),
});
export type NetworkDetailsUpdate = z.input<typeof networkDetailsUpdateSchema>;
export const networkDetailsSchema = z.object({ name: z.string(), address: z.string(), email: z.string(), tax_id: z.string(), invoice_footer: z.string(), default_fallback_url: z.string().optional() });
export type NetworkDetails = z.infer<typeof networkDetailsSchema>;

/** Global email: who the product's mail comes from and what every message ends with. */
export const globalEmailSettingsUpdateSchema = z.object({
  sender_name: required(nameText({ max: 100 })),
  sender_email: required(email()),
  reply_to: optional(email(), '').optional().transform((v) => v ?? ''),
  footer_text: optional(text({ max: 1000 }), '').optional().transform((v) => v ?? ''),
  support_email: required(email()),
});
export type GlobalEmailSettingsUpdate = z.input<typeof globalEmailSettingsUpdateSchema>;
export const globalEmailSettingsSchema = z.object({ sender_name: z.string(), sender_email: z.string(), reply_to: z.string(), footer_text: z.string(), support_email: z.string() });
export type GlobalEmailSettings = z.infer<typeof globalEmailSettingsSchema>;

/** The public pages whose SEO staff write; each is rendered into the HTML the server sends. */
export const seoPages = ['home', 'terms', 'privacy', 'sign-in', 'sign-up'] as const;
export type SeoPage = (typeof seoPages)[number];
/** The address of each SEO page. */
export const seoPagePaths: Record<SeoPage, string> = { home: '/', terms: '/terms-and-conditions', privacy: '/privacy-policy', 'sign-in': '/signin', 'sign-up': '/signup' };

export const seoPageInputSchema = z.object({
  title: required(lineText({ max: 120 })),
  description: required(lineText({ max: 320 })),
  content: optional(text({ max: 2000 }), '').optional().transform((v) => v ?? ''),
}, { error: m.required });
export const seoSettingsUpdateSchema = z.object(Object.fromEntries(seoPages.map((p) => [p, seoPageInputSchema])) as Record<SeoPage, typeof seoPageInputSchema>);
export type SeoSettingsUpdate = z.input<typeof seoSettingsUpdateSchema>;
const seoPageSchema = z.object({ title: z.string(), description: z.string(), content: z.string() });
export const seoSettingsSchema = z.object(Object.fromEntries(seoPages.map((p) => [p, seoPageSchema])) as Record<SeoPage, typeof seoPageSchema>);
export type SeoSettings = z.infer<typeof seoSettingsSchema>;

/** Email notifications: each switchable email on or off (the types marked `optional`). */
export const notificationTypes = emailTypes.filter((t) => emailTypeInfo[t].optional);
/**
 * Off until staff turn them on: announcements reach affiliates once a day in the digest; the email
 * per announcement ("News") is the alternative, and while it is on the digest is not sent.
 */
export const notificationsOffByDefault: readonly string[] = ['news'];
export const emailNotificationsSettingsUpdateSchema = z.object(Object.fromEntries(notificationTypes.map((t) => [t, toggle()])) as Record<string, ReturnType<typeof toggle>>);
export type EmailNotificationsSettings = Record<string, boolean>;
export const emailNotificationsSettingsSchema = z.record(z.string(), z.boolean());

/** Landing page images: per home-page section, desktop and mobile (jpg, jpeg, png up to 2 MB). */
export const landingImageFields = landingSections.flatMap((s) => [`${s}_desktop`, `${s}_mobile`] as const);
export type LandingImageField = (typeof landingImageFields)[number];
/** GET and PUT reply: the stored file of each field, or null while the shipped picture is used. */
export const landingImageSettingsSchema = z.object({
  files: z.record(z.string(), uploadedFileSchema.nullable()),
  images: landingImagesSchema,
});
export type LandingImageSettings = z.infer<typeof landingImageSettingsSchema>;
