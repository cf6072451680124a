import { moneyAmount } from './rules/money.ts';

/** The vocabulary the tracking domains (offers, links, clicks, conversions, statistics) share. */
export const payoutTypes = ['cpa', 'revshare'] as const;
export type PayoutType = (typeof payoutTypes)[number];
export const conversionTypes = ['signup', 'sale', 'rebill', 'refund', 'chargeback'] as const;
export type ConversionType = (typeof conversionTypes)[number];
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
