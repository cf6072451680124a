import { z } from 'zod';
import { BASE_CURRENCY, isCurrency } from './currencies.ts';
import { optional, required } from './rules/field.ts';
import { moneyAmount } from './rules/money.ts';
import { NETWORK_TIME_ZONE } from './time-zone.ts';
import { validationMessages as m } from './validation.ts';

/** Where a rate came from: the European Central Bank's reference rates, typed by staff, or made up for the demo data (replaced by the ECB's when they load). */
export const exchangeRateSources = ['ecb', 'staff', 'demo'] as const;
export type ExchangeRateSource = (typeof exchangeRateSources)[number];

/** The maximum one conversion may be worth, in USD, unless staff set another (Global Settings > Exchange rates). */
export const DEFAULT_MAX_CONVERSION_AMOUNT = 100_000;

export const exchangeRateSchema = z.object({
  currency: z.string(),
  /** The day the rate was published for (YYYY-MM-DD). */
  day: z.string(),
  /** USD per one unit of the currency. */
  rate: z.number(),
  source: z.enum(exchangeRateSources),
  /** The staff member who typed it (staff rates only). */
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** GET /v1/settings/exchange-rates: the latest rate of each currency, the ECB load's state, the maximum per conversion. */
export const exchangeRateSettingsSchema = z.object({
  rates: z.array(exchangeRateSchema),
  /** In USD: a conversion worth more after conversion is refused (422 on `amount`). */
  max_conversion_amount: z.number(),
  ecb: z.object({
    url: z.string(),
    last_attempt_at: z.string().nullable(),
    last_success_at: z.string().nullable(),
    /** Why the last load failed; null once a load succeeds again. */
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
  }),
  /** Conversions held for want of a rate, per currency. */
  held: z.array(z.object({ currency: z.string(), count: z.number().int() })),
});
export type ExchangeRateSettings = z.infer<typeof exchangeRateSettingsSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * The earliest day a rate may be for: the European Central Bank's first euro reference rate
 * (1999-01-04). No source publishes a rate before it, and no conversion of the network is older.
 */
export const EXCHANGE_RATE_FIRST_DAY = '1999-01-04';

/** Today in the network's time zone (YYYY-MM-DD): no rate is for a later day. */
export const networkToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: NETWORK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const exchangeRateMessages = {
  afterToday: 'The day cannot be after today.',
  beforeFirstDay: `The day cannot be before ${EXCHANGE_RATE_FIRST_DAY}.`,
  onlyStaffRates: 'Only a rate typed by staff can be withdrawn.',
} as const;

/** A rate's day: a real day, from EXCHANGE_RATE_FIRST_DAY to the network's today. */
export const rateDay = () =>
  z
    .string()
    .trim()
    .refine(validDay, { message: m.invalid, abort: true })
    .refine((v) => v >= EXCHANGE_RATE_FIRST_DAY, { message: exchangeRateMessages.beforeFirstDay, abort: true })
    .refine((v) => v <= networkToday(), exchangeRateMessages.afterToday);

/** One rate staff type: USD per one unit, up to 10 decimals, for a day (today when left out). */
export const exchangeRateInputSchema = z.object({
  currency: required(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => isCurrency(c) && c !== BASE_CURRENCY, m.invalid),
  ),
  day: optional(rateDay()).optional(),
  rate: required(moneyAmount({ digits: 10, zero: false, trim: true, max: 10_000 })),
});
export type ExchangeRateInput = z.input<typeof exchangeRateInputSchema>;

/** PUT /v1/settings/exchange-rates: rates to add or replace, and/or the maximum per conversion. */
export const exchangeRateSettingsUpdateSchema = z.object({
  rates: z.array(exchangeRateInputSchema).max(200, m.invalid).optional(),
  max_conversion_amount: moneyAmount({ zero: false, trim: true, max: 100_000_000 }).optional(),
});
export type ExchangeRateSettingsUpdate = z.input<typeof exchangeRateSettingsUpdateSchema>;

/** The maximum per conversion alone (the settings screen's own form). */
export const maxConversionAmountUpdateSchema = z.object({
  max_conversion_amount: required(moneyAmount({ zero: false, trim: true, max: 100_000_000 })),
});

/** `DELETE /v1/settings/exchange-rates/{currency}/{day}`: withdraw a staff rate. */
export const exchangeRateKeyParamsSchema = z.object({
  currency: z.string().refine((c) => isCurrency(c) && c !== BASE_CURRENCY, m.invalid),
  day: z.string().refine(validDay, m.invalid),
});
