import { bannerFacetsReplySchema, bannerListReplySchema, type BannersQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every read of the banners sits under this key; saving or deleting a banner invalidates it. */
export const bannersQueryKey = ['creatives', 'banners'] as const;

/** GET /v1/creatives/banners: a page of banners, filtered. */
export async function getBanners(query: BannersQuery) {
  return bannerListReplySchema.parse(await apiRequest('/v1/creatives/banners', { query }));
}

export const getBannersQueryOptions = (query: BannersQuery) => queryOptions({ queryKey: [...bannersQueryKey, 'list', query], queryFn: () => getBanners(query) });

export function useBanners(query: BannersQuery) {
  return useQuery({ ...getBannersQueryOptions(query), placeholderData: keepPreviousData });
}

/** GET /v1/creatives/banners/facets: the values the filters offer. */
export async function getBannerFacets() {
  return bannerFacetsReplySchema.parse(await apiRequest('/v1/creatives/banners/facets')).data;
}

export const getBannerFacetsQueryOptions = () => queryOptions({ queryKey: [...bannersQueryKey, 'facets'], queryFn: getBannerFacets, staleTime: 60_000 });

export function useBannerFacets() {
  return useQuery(getBannerFacetsQueryOptions());
}
