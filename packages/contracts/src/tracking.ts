import { z } from 'zod';
import { validationMessages as m } from './validation.ts';

/** The vocabulary the tracking domains (offers, links, clicks, conversions, statistics) share. */
export const payoutTypes = ['cpa', 'revshare'] as const;
export type PayoutType = (typeof payoutTypes)[number];
export const conversionTypes = ['signup', 'sale', 'rebill', 'refund', 'chargeback'] as const;
export type ConversionType = (typeof conversionTypes)[number];
export const cpaGoals = ['signup', 'sale'] as const;
export const deviceClasses = ['desktop', 'mobile', 'tablet', 'vr'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** A money or percentage amount with at most two decimals (dollars for cpa, percent for revshare). */
export const twoDecimalAmount = z.coerce
  .number({ error: m.invalid })
  .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.invalid);

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
