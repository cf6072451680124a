import { z } from 'zod';
import { listReply } from './reply.ts';

export const affiliatesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(20),
  search: z.string().trim().max(200).optional(),
});

export const affiliateListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  tier: z.object({ name: z.string() }).nullable(),
});
export type AffiliateListItem = z.infer<typeof affiliateListItemSchema>;
export const affiliateListReplySchema = listReply(affiliateListItemSchema);

export const tierSchema = z.object({ id: z.number(), name: z.string(), is_default: z.boolean() });
export type Tier = z.infer<typeof tierSchema>;
export const tierListReplySchema = z.object({ data: z.array(tierSchema) });
