import { z } from 'zod';
import { required } from './rules/field.ts';
import { nameText } from './rules/text.ts';

export const tierMessages = {
  created: 'Tier created successfully',
  updated: 'Tier updated successfully',
  deleted: 'Tier deleted successfully',
  nameTaken: 'A tier with this name already exists.',
  /** Exactly one tier is the default for new sign-ups: it changes only by making another one the default. */
  defaultNeeded: 'One tier must be the default for new sign-ups: make another tier the default instead.',
  defaultUndeletable: 'The default tier cannot be deleted: make another tier the default first.',
  /** The delete confirmation: where the tier's affiliates go. */
  deleteWarning: (affiliates: number, defaultTier: string) =>
    affiliates === 0
      ? 'No affiliate is on this tier. Its offer payouts are removed.'
      : `${affiliates} ${affiliates === 1 ? 'affiliate is' : 'affiliates are'} on this tier and will move to the default tier ${defaultTier}. Its offer payouts are removed.`,
} as const;

/** A tier: its name, and whether new sign-ups get it (one tier at a time is the default). */
export const tierInputSchema = z.object({ name: required(nameText({ max: 64 })), is_default: z.boolean().default(false) });
export type TierInput = z.input<typeof tierInputSchema>;

/** DELETE /v1/tiers/{id}: how many affiliates moved, and to which tier. */
export const tierDeleteReplySchema = z.object({
  data: z.object({ moved_affiliates: z.number(), default_tier: z.object({ id: z.number(), name: z.string() }).nullable() }),
  message: z.string(),
});
