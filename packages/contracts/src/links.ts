import { z } from 'zod';
import { optionalSelectId } from './rules/choice.ts';
import { optional } from './rules/field.ts';
import { siteUrl } from './rules/urls.ts';

const subId = z.string().trim().max(255).optional();
export const trackingLinkRequestSchema = z.object({
  landing_page_id: optionalSelectId().optional(),
  campaign_id: optionalSelectId().optional(),
  sub1: subId,
  sub2: subId,
  sub3: subId,
  sub4: subId,
  sub5: subId,
  /** A page of the offer's site to land on instead of a landing page. */
  deep_url: optional(siteUrl()).optional().transform((v) => v ?? null),
});
export type TrackingLinkRequest = z.input<typeof trackingLinkRequestSchema>;
export const trackingLinkReplySchema = z.object({ data: z.object({ url: z.string(), code: z.string() }) });
