import { campaignSchema, landingPageSchema, listReply, offerSchema, siteSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/**
 * The catalogue lists several features read (offers, campaigns, statistics): one fetcher and one
 * query key each, so they share one cache entry and the features' mutations invalidate it.
 */

const sitesReply = z.object({ data: z.array(siteSchema) });

/** GET /v1/sites: the network sites (staff also see key prefixes and catalogue URLs). */
export async function getSites() {
  return sitesReply.parse(await apiRequest('/v1/sites')).data;
}

export const getSitesQueryOptions = () => queryOptions({ queryKey: ['sites', 'list'], queryFn: getSites, staleTime: 60_000 });

export function useSites() {
  return useQuery(getSitesQueryOptions());
}

const campaignsReply = z.object({ data: z.array(campaignSchema) });

/** GET /v1/campaigns: the signed-in affiliate's campaigns, newest first, with links and all-time earnings. */
export async function getCampaigns() {
  return campaignsReply.parse(await apiRequest('/v1/campaigns')).data;
}

export const getCampaignsQueryOptions = () => queryOptions({ queryKey: ['campaigns', 'list'], queryFn: getCampaigns });

export function useCampaigns(enabled = true) {
  return useQuery({ ...getCampaignsQueryOptions(), enabled });
}

const landingPagesReply = z.object({ data: z.array(landingPageSchema) });

/** GET /v1/landing-pages?site_id=: the landing pages of a site (or all). */
export async function getLandingPages(siteId: number | undefined) {
  return landingPagesReply.parse(await apiRequest('/v1/landing-pages', { query: { site_id: siteId } })).data;
}

export const getLandingPagesQueryOptions = (siteId: number | undefined) =>
  queryOptions({ queryKey: ['landing-pages', siteId ?? 'all'], queryFn: () => getLandingPages(siteId) });

export function useLandingPages(siteId: number | undefined, enabled = true) {
  return useQuery({ ...getLandingPagesQueryOptions(siteId), enabled });
}

const affiliatesReply = listReply(z.object({ id: z.number(), name: z.string(), email: z.string() }));

/** GET /v1/affiliates?per_page=500 (staff with the affiliates permission): the affiliates to choose from. */
export async function getAffiliateOptions() {
  return affiliatesReply.parse(await apiRequest('/v1/affiliates', { query: { per_page: 500 } })).data;
}

export const getAffiliateOptionsQueryOptions = () => queryOptions({ queryKey: ['affiliates', 'options'], queryFn: getAffiliateOptions, staleTime: 60_000 });

export function useAffiliateOptions(enabled: boolean) {
  return useQuery({ ...getAffiliateOptionsQueryOptions(), enabled, retry: false });
}

const offersReply = z.object({ data: z.array(offerSchema) });
export type OfferStatusFilter = 'active' | 'archived' | 'all';

/** GET /v1/offers?site_id=&status=: affiliates get the active offers with `your_payout`; staff may ask for archived ones. */
export async function getOffers(siteId: number | undefined, status: OfferStatusFilter = 'active') {
  return offersReply.parse(await apiRequest('/v1/offers', { query: { site_id: siteId, status: status === 'active' ? undefined : status } })).data;
}

export const getOffersQueryOptions = (siteId: number | undefined, status: OfferStatusFilter = 'active') =>
  queryOptions({
    queryKey: status === 'active' ? ['offers', 'list', siteId ?? 'all'] : ['offers', 'list', siteId ?? 'all', status],
    queryFn: () => getOffers(siteId, status),
  });

export function useOffers(siteId: number | undefined, { enabled = true, status = 'active' as OfferStatusFilter } = {}) {
  return useQuery({ ...getOffersQueryOptions(siteId, status), enabled });
}
