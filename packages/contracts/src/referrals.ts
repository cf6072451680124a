import { z } from 'zod';

/**
 * The referral program (docs/money.md): an affiliate's referral link and the affiliates who signed
 * up through it; the rate itself is a money setting (`referral_rate`, money-settings.ts).
 */

/** The referral commission: 5 % (500 basis points) of a referred affiliate's earnings, for life (setting `referral_rate_bp`). */
export const DEFAULT_REFERRAL_RATE_BP = 500;

export const referredAffiliateSchema = z.object({
  id: z.number().int(),
  /** First name and the initial of the last: "Jane D." */
  name: z.string(),
  joined_at: z.string(),
  is_active: z.boolean(),
  commission_this_month: z.number(),
  commission_all_time: z.number(),
});
export type ReferredAffiliate = z.infer<typeof referredAffiliateSchema>;

/** GET /v1/referrals: the caller's referral link and the affiliates who signed up through it. */
export const referralsSchema = z.object({
  code: z.string(),
  /** `${PUBLIC_URL}/signup?referred_by=<code>` */
  link: z.string(),
  /** Percent, e.g. 5. */
  rate: z.number(),
  commission_this_month: z.number(),
  commission_all_time: z.number(),
  referred: z.array(referredAffiliateSchema),
});
export type Referrals = z.infer<typeof referralsSchema>;

/** "Jane Doe Smith" -> "Jane S."; a single name stays as it is. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1]!.charAt(0).toUpperCase()}.`;
}
