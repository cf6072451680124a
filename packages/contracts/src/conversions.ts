import { z } from 'zod';
import { currencyCodes, isCurrency, minorDigits } from './currencies.ts';
import { required } from './rules/field.ts';
import { toMinorUnits } from './rules/money.ts';
import { nameText, text } from './rules/text.ts';
import { conversionTypes } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

/** The longest click id a site may report; the database columns hold as much (a test checks both). */
export const CID_MAX = 64;

/** The most decimals any currency has (CLF and UYW have four): the per-currency check follows. */
const MOST_MINOR_DIGITS = Math.max(...currencyCodes.map((c) => minorDigits(c)!));

export const conversionMessages = {
  /** Past the network's maximum for one conversion, after conversion to USD (Global Settings > Exchange rates). */
  overMaximum: (maxDollars: string) => `The amount is over the maximum of $${maxDollars} for one conversion.`,
} as const;

/**
 * A site's conversion. `amount` is a plain decimal (the money rule, `rules/money.ts`) with at most
 * the currency's ISO 4217 minor digits; `currency` a current ISO 4217 code (`currencies.ts`).
 * The output adds `amount_minor`: the amount in the currency's minor units, exactly.
 */
export const conversionRequestSchema = z
  .object({
    cid: z.string().trim().max(CID_MAX).optional().default(''),
    type: z.enum(conversionTypes, { error: 'type must be one of signup, sale, rebill, refund, chargeback' }),
    amount: z.union([z.string(), z.number()], { error: m.invalid }).optional(),
    currency: z.string().trim().toUpperCase().refine(isCurrency, m.invalid).optional().default('USD'),
    transaction_id: z.string().trim().min(1, m.required).max(128),
    /** For refunds and chargebacks: the sale or rebill they take back. */
    original_transaction_id: z.string().trim().max(128).optional(),
  })
  .transform((v, ctx) => {
    const digits = minorDigits(v.currency) ?? MOST_MINOR_DIGITS;
    let amountMinor = 0;
    if (v.amount !== undefined) {
      const units = toMinorUnits(v.amount, digits);
      if (units === undefined || units < 0) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: units === undefined ? m.invalid : m.positive, input: v.amount });
        return z.NEVER;
      }
      amountMinor = units;
    }
    return { ...v, amount: v.amount === undefined ? undefined : amountMinor / 10 ** digits, amount_minor: amountMinor };
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
  clickAfterConversion: 'The click was made after the conversion: a conversion can only come from an earlier click.',
  reversed: 'Conversion reversed successfully',
  attached: 'Conversion attached successfully',
} as const;
export const reverseConversionRequestSchema = z.object({ reason: required(nameText({ max: 255 })) });
export type ReverseConversionRequest = z.input<typeof reverseConversionRequestSchema>;
/** `preview: true` answers what attaching would do (status, earning) and changes nothing. */
export const attachConversionRequestSchema = z.object({ cid: required(text({ max: CID_MAX })), preview: z.boolean({ error: m.invalid }).optional() });
export type AttachConversionRequest = z.input<typeof attachConversionRequestSchema>;
export const conversionActionReplySchema = conversionReplySchema;
