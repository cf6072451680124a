import { z } from 'zod';
import { choice, optionalSelectId, selectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { whenObject } from './rules/refine.ts';
import { idText } from './rules/ids.ts';
import { listQuerySchema } from './rules/list.ts';
import { nameText } from './rules/text.ts';
import { listReply } from './reply.ts';
import { siteUrl } from './rules/urls.ts';
import { payoutTypes } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

export const geoTargetSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, m.invalid),
  destination_type: z.enum(['landing_page', 'url']),
  landing_page_id: z.number().int().positive().nullable().optional(),
  url: z.string().nullable().optional(),
});

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  offer: z.object({ id: z.number(), name: z.string() }),
  site: z.object({ id: z.number(), name: z.string(), display_name: z.string() }),
  payout_type: z.enum(payoutTypes),
  destination_type: z.enum(['landing_page', 'url']),
  destination: z.string(),
  landing_page_id: z.number().nullable(),
  destination_url: z.string().nullable(),
  geo_targeting: z.array(geoTargetSchema),
  tracking_url: z.string(),
  date_created: z.string(),
  all_time_earnings: z.number(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignInputSchema = z
  .object({
    name: required(nameText({ max: 150 })),
    offer_id: selectId(),
    destination_type: choice(['landing_page', 'url']),
    landing_page_id: optionalSelectId().optional(),
    destination_url: optional(siteUrl()).optional().transform((v) => v ?? null),
    geo_targeting: z
      .array(
        z.object({
          country: required(z.string().trim().regex(/^[A-Z]{2}$/, m.invalid)),
          destination_type: choice(['landing_page', 'url']),
          landing_page_id: optionalSelectId().optional(),
          url: optional(siteUrl()).optional().transform((v) => v ?? null),
        }),
      )
      .max(50)
      .optional()
      .default([])
      .refine((list) => new Set(list.map((g) => g.country)).size === list.length, m.unique),
  })
  // `when`: the destination is marked on the first save, together with the other empty fields.
  .refine((v) => v.destination_type !== 'landing_page' || Boolean(v.landing_page_id), { message: m.required, path: ['landing_page_id'], when: whenObject })
  .refine((v) => v.destination_type !== 'url' || Boolean(v.destination_url), { message: m.required, path: ['destination_url'], when: whenObject });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export const campaignReplySchema = z.object({ data: campaignSchema, message: z.string().optional() });
export const campaignSortFields = ['created_at', 'name', 'offer', 'id'] as const;
/** The signed-in affiliate's campaigns; `search` matches the name, part of it. */
export const campaignsQuerySchema = listQuerySchema(
  {
    offer_id: idText().optional(),
    site_id: idText().optional(),
    search: z.string({ error: m.invalid }).trim().max(100, m.invalid).optional(),
  },
  { sort: campaignSortFields, defaultSort: 'created_at', defaultOrder: 'desc' },
);
export type CampaignsQuery = z.input<typeof campaignsQuerySchema>;
export const campaignListReplySchema = listReply(campaignSchema);
