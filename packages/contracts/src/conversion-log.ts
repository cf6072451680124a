import { z } from 'zod';
import { calendarDay } from './rules/dates.ts';
import { billers } from './billers.ts';
import { storedConversionStatuses } from './conversions.ts';
import { listMetaSchema } from './reply.ts';
import { id } from './rules/ids.ts';
import { listQuerySchema } from './rules/list.ts';
import { conversionTypes, deviceClasses } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

const day = calendarDay();
const sub = z.string({ error: m.invalid }).max(255, m.invalid).optional();

export const conversionLogSortFields = ['time', 'id', 'amount', 'earning'] as const;
export type ConversionLogSort = (typeof conversionLogSortFields)[number];

/**
 * `GET /v1/conversion-log` and its CSV: days (statistics days, America/Los_Angeles) from and to,
 * both included; an affiliate's `affiliate_id` is ignored (they only ever see their own).
 * Newest first unless a `sort` is asked for.
 */
export const conversionLogQuerySchema = listQuerySchema(
  {
    from: day.optional(),
    to: day.optional(),
    status: z.enum(storedConversionStatuses, { error: m.invalid }).optional(),
    type: z.enum(conversionTypes, { error: m.invalid }).optional(),
    site_id: id().optional(),
    offer_id: id().optional(),
    affiliate_id: id().optional(),
    sub1: sub,
    sub2: sub,
    sub3: sub,
    sub4: sub,
    sub5: sub,
  },
  { sort: conversionLogSortFields, defaultSort: 'time', defaultOrder: 'desc', defaultPerPage: 25 },
);
export type ConversionLogQuery = z.input<typeof conversionLogQuerySchema>;

const named = z.object({ id: z.number(), name: z.string() });

export const conversionLogRowSchema = z.object({
  id: z.number(),
  /** When the conversion was reported (ISO 8601). */
  time: z.string(),
  /** Its statistics day. */
  day: z.string(),
  transaction_id: z.string(),
  site: named,
  /** Null for an orphaned conversion (no click, so no offer). */
  offer: named.nullable(),
  /** Staff only: whose conversion it is (null when orphaned). */
  affiliate: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable().optional(),
  type: z.enum(conversionTypes),
  /** The amount as the site sent it, in its currency, with the currency's own decimals ("1000" for JPY). */
  amount: z.string(),
  currency: z.string(),
  /** The amount in US dollars (two decimals); null while no rate is known. */
  usd_amount: z.number().nullable(),
  /**
   * Dollars: what the conversion earned the affiliate, net of what was taken back of it (a sale
   * refunded in full: 0); a refund's or chargeback's row shows what it took back (negative).
   */
  earning: z.number(),
  status: z.enum(storedConversionStatuses),
  reason: z.string().nullable(),
  cid: z.string().nullable(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
  country: z.string().nullable(),
  device: z.enum(deviceClasses).nullable(),
  /** A refund or chargeback: the sale it took back. */
  reverses: z.object({ id: z.number(), transaction_id: z.string() }).nullable(),
  /** Why a fraud rule flagged it while accepting it (docs/fraud.md); held and rejected ones say why in `reason`. */
  flag: z.string().nullable().optional(),
  /** The affiliate's appeal of it, if any: held and rejected conversions may be appealed once. */
  appeal: z.object({ message: z.string(), time: z.string(), resolved: z.boolean().optional(), decision: z.enum(['approved', 'rejected']).nullable().optional(), answer: z.string().nullable().optional() }).nullable().optional(),
  /** A held conversion: what it would earn its affiliate once paid (dollars). */
  would_earn: z.number().optional(),
  /** Held for want of an exchange rate (paid when it arrives): not something to appeal. */
  awaiting_rate: z.boolean().optional(),
  /** The biller that posted it (null: the site reported it with its API key). */
  biller: z.enum(billers).nullable(),
  /** The biller's own event name (NewSaleSuccess, RenewalSuccess, Refund, ...); never the raw post. */
  biller_event: z.string().nullable(),
});
export type ConversionLogRow = z.infer<typeof conversionLogRowSchema>;
export const conversionLogReplySchema = z.object({ data: z.array(conversionLogRowSchema), meta: listMetaSchema });
export type ConversionLogReply = z.infer<typeof conversionLogReplySchema>;

/** Which conversions staff may reverse by hand, and which they may attach to a click. */
export const reversibleConversionTypes = ['signup', 'sale', 'rebill'] as const;
export const canReverseConversion = (row: Pick<ConversionLogRow, 'status' | 'type'>): boolean =>
  row.status === 'accepted' && (reversibleConversionTypes as readonly string[]).includes(row.type);
/** Which conversions an affiliate may appeal: held (not for want of a rate) or rejected, not appealed yet. */
export const canAppealConversion = (row: Pick<ConversionLogRow, 'status' | 'appeal' | 'awaiting_rate'>): boolean => (row.status === 'held' || row.status === 'rejected') && !row.appeal && !row.awaiting_rate;
export const canAttachConversion = (row: Pick<ConversionLogRow, 'status'>): boolean => row.status === 'orphaned';

/**
 * ISO 4217 minor digits: 2 for most currencies; the current codes with 0 or 3 listed here.
 * A stand-in for a maintained list (`currency-codes`), to be swapped for it where it is installed.
 */
const ZERO_DIGITS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DIGITS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
export function currencyMinorDigits(code: string): number {
  return ZERO_DIGITS.has(code) ? 0 : THREE_DIGITS.has(code) ? 3 : code === 'CLF' ? 4 : code === 'UYW' ? 4 : 2;
}

/** An amount in minor units written as a decimal in its currency (1999 USD: "19.99"; 1000 JPY: "1000"). */
export function formatMinorAmount(minor: number, currency: string): string {
  const digits = currencyMinorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}
