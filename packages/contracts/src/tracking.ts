import { z } from 'zod';
import { moneyAmount } from './rules/money.ts';
import { wholeNumber } from './rules/numbers.ts';

/** The vocabulary the tracking domains (offers, links, clicks, conversions, statistics) share. */
export const payoutTypes = ['cpa', 'revshare'] as const;
export type PayoutType = (typeof payoutTypes)[number];
export const conversionTypes = ['signup', 'sale', 'rebill', 'refund', 'chargeback'] as const;
export type ConversionType = (typeof conversionTypes)[number];
/** Refunds and chargebacks take back a sale: they are never screened, held for a rate, or paid. */
export const isReversalType = (type: string): boolean => type === 'refund' || type === 'chargeback';
export const cpaGoals = ['signup', 'sale'] as const;
/** Why a click went to a fallback instead of its offer (stored on the click). */
export const fallbackReasons = ['offer_inactive', 'offer_capped', 'country_not_targeted', 'affiliate_inactive', 'campaign_deleted', 'invalid_click'] as const;
export type FallbackReason = (typeof fallbackReasons)[number];
export const deviceClasses = ['desktop', 'mobile', 'tablet', 'vr'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** A money or percentage amount with at most two decimals (dollars for cpa, percent for revshare), zero or more: the money rule. */
export const twoDecimalAmount = moneyAmount({ trim: true });

export const trackingMessages = {
  getLinkError: 'Get link error!',
  offerLinkError: 'Error for get offer link!',
  siteCreated: 'Site created successfully',
  siteUpdated: 'Site updated successfully',
  offerCreated: 'Offer created successfully',
  offerUpdated: 'Offer updated successfully',
  offerArchived: 'Offer archived successfully',
  campaignCreated: 'Campaign created successfully',
  campaignUpdated: 'Campaign updated successfully',
  campaignDeleted: 'Campaign deleted successfully',
  badLink: 'This tracking link does not exist or is no longer active.',
  invalidKey: 'The site API key is missing or wrong.',
} as const;

/**
 * Why click screening found a click invalid (docs/fraud-clicks.md): a known bot or crawler (or a
 * prefetch or HEAD request), an address in a data centre, the same visitor again on the same link
 * within the repeat window, or more clicks from one visitor than the burst limit allows.
 */
export const clickInvalidReasons = ['bot', 'datacenter', 'repeat', 'burst'] as const;
export type ClickInvalidReason = (typeof clickInvalidReasons)[number];
export const clickInvalidReasonLabels: Record<ClickInvalidReason, string> = {
  bot: 'Bot or crawler',
  datacenter: 'Data-centre address',
  repeat: 'Repeated click',
  burst: 'Burst of clicks',
};

/**
 * What happens to an invalid click of each reason: `accept` (the default) sends it to its offer and
 * accepts its conversions, flagged; `fallback` sends it to the fallback instead of the offer;
 * `hold` sends it to its offer but holds its conversions for review.
 */
export const clickScreeningActions = ['accept', 'fallback', 'hold'] as const;
export type ClickScreeningAction = (typeof clickScreeningActions)[number];

const wholeFrom = (min: number, max: number) => wholeNumber(min, max, `This field must be a whole number from ${min} to ${max}`);

export const clickScreeningSettingsSchema = z.object({
  actions: z.object({ bot: z.enum(clickScreeningActions), datacenter: z.enum(clickScreeningActions), repeat: z.enum(clickScreeningActions), burst: z.enum(clickScreeningActions) }),
  /** A visitor's click on a link they clicked less than this many seconds before is a repeat. */
  repeat_window_seconds: wholeFrom(1, 86_400),
  /** More than `burst_clicks` clicks from one visitor (any links) within `burst_window_seconds` are a burst. */
  burst_clicks: wholeFrom(2, 10_000),
  burst_window_seconds: wholeFrom(1, 3600),
});
export type ClickScreeningSettings = z.infer<typeof clickScreeningSettingsSchema>;
export const defaultClickScreeningSettings: ClickScreeningSettings = {
  actions: { bot: 'accept', datacenter: 'accept', repeat: 'accept', burst: 'accept' },
  repeat_window_seconds: 30,
  burst_clicks: 20,
  burst_window_seconds: 60,
};
