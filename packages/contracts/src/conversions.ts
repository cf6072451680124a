import { z } from 'zod';
import { required } from './rules/field.ts';
import { nameText, text } from './rules/text.ts';
import { conversionTypes, twoDecimalAmount } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

/** The longest click id a site may report; the database columns hold as much (a test checks both). */
export const CID_MAX = 64;

export const conversionRequestSchema = z.object({
  cid: z.string().trim().max(CID_MAX).optional().default(''),
  type: z.enum(conversionTypes, { error: 'type must be one of signup, sale, rebill, refund, chargeback' }),
  amount: twoDecimalAmount.refine((v) => v >= 0, m.positive).optional(),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, m.invalid).optional().default('USD'),
  transaction_id: z.string().trim().min(1, m.required).max(128),
  /** For refunds and chargebacks: the sale or rebill they take back. */
  original_transaction_id: z.string().trim().max(128).optional(),
});
export type ConversionRequest = z.input<typeof conversionRequestSchema>;

/**
 * What happened to a conversion: one list for the reply of `POST /v1/conversions`, every biller's
 * post and the conversion log. `duplicate` is only ever a reply (a repeat is not stored twice);
 * `held` moves no money until released; `reversed` is a sale taken back in full.
 */
export const conversionStatuses = ['accepted', 'duplicate', 'orphaned', 'held', 'rejected', 'reversed'] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];
/** The statuses a stored conversion can have (the conversion log's `status` filter). */
export const storedConversionStatuses = ['accepted', 'orphaned', 'held', 'rejected', 'reversed'] as const;
export type StoredConversionStatus = (typeof storedConversionStatuses)[number];
export const conversionReplySchema = z.object({
  data: z.object({
    status: z.enum(conversionStatuses),
    conversion_id: z.number(),
    earning: z.number().nullable(),
    reason: z.string().nullable(),
  }),
});

/**
 * Staff's actions on one conversion of the conversion log (staff with `payouts`):
 * `POST /v1/conversion-log/{id}/reverse` takes a sale back by hand, with why;
 * `POST /v1/conversion-log/{id}/attach` attaches an orphaned conversion to a click, which then pays it.
 * Both answer the conversion as `POST /v1/conversions` does (status, earning moved, reason).
 */
export const conversionActionMessages = {
  notFound: 'This conversion does not exist.',
  alreadyReversed: 'This conversion is already reversed.',
  notReversible: 'Only an accepted or held sale, rebill or signup can be reversed.',
  notOrphaned: 'Only an orphaned conversion can be attached to a click.',
  unknownClick: 'No click has this click id.',
  otherSite: 'The click belongs to another site.',
  reversed: 'Conversion reversed successfully',
  attached: 'Conversion attached successfully',
} as const;
export const reverseConversionRequestSchema = z.object({ reason: required(nameText({ max: 255 })) });
export type ReverseConversionRequest = z.input<typeof reverseConversionRequestSchema>;
export const attachConversionRequestSchema = z.object({ cid: required(text({ max: CID_MAX })) });
export type AttachConversionRequest = z.input<typeof attachConversionRequestSchema>;
export const conversionActionReplySchema = conversionReplySchema;
