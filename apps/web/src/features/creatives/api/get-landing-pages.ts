import { creativeLandingPageListReplySchema, type CreativeLandingPagesQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The creatives' view of landing pages; saving one also changes the tracking core's list (['landing-pages']). */
export const creativeLandingPagesQueryKey = ['creatives', 'landing-pages'] as const;

/** GET /v1/creatives/landing-pages: landing pages with their preview images, best rated first. */
export async function getCreativeLandingPages(query: CreativeLandingPagesQuery) {
  return creativeLandingPageListReplySchema.parse(await apiRequest('/v1/creatives/landing-pages', { query }));
}

export const getCreativeLandingPagesQueryOptions = (query: CreativeLandingPagesQuery) =>
  queryOptions({ queryKey: [...creativeLandingPagesQueryKey, 'list', query], queryFn: () => getCreativeLandingPages(query) });

export function useCreativeLandingPages(query: CreativeLandingPagesQuery) {
  return useQuery({ ...getCreativeLandingPagesQueryOptions(query), placeholderData: keepPreviousData });
}
