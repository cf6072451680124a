import { z } from 'zod';
import { optionalSelectId } from './rules/choice.ts';
import { optional } from './rules/field.ts';
import { siteUrl } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';

const subId = z.string().trim().max(255).optional();
/** The campaign and the five sub IDs a tracking link carries, whatever it is made to (an offer's landing page, a catalogue page). */
export const linkCampaignAndSubIds = {
  campaign_id: optionalSelectId().optional(),
  sub1: subId,
  sub2: subId,
  sub3: subId,
  sub4: subId,
  sub5: subId,
};

/** Kinds of creative a link can be made from; a creative id is `<kind>:<id>`, e.g. `scene:12`. */
export const creativeKinds = ['banner', 'logo', 'landing_page', 'model', 'scene'] as const;
export type CreativeKind = (typeof creativeKinds)[number];
export const CREATIVE_ID_PATTERN = /^(banner|logo|landing_page|model|scene):[1-9][0-9]{0,9}$/;
export const creativeIdOf = (kind: CreativeKind, id: number): string => `${kind}:${id}`;
export const trackingLinkRequestSchema = z.object({
  landing_page_id: optionalSelectId().optional(),
  ...linkCampaignAndSubIds,
  /** A page of the offer's site to land on instead of a landing page. */
  deep_url: optional(siteUrl()).optional().transform((v) => v ?? null),
  /** The creative the link is made from (`banner:3`, `scene:12`): statistics break down by it. */
  creative_id: optional(z.string().regex(CREATIVE_ID_PATTERN, m.invalid)).optional().transform((v) => v ?? null),
});
export type TrackingLinkRequest = z.input<typeof trackingLinkRequestSchema>;
export const trackingLinkReplySchema = z.object({ data: z.object({ url: z.string(), code: z.string() }) });
