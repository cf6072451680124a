import { landingPageListReplySchema, type LandingPagesQuery, type LandingPagesWithImagesQuery, landingPageWithImagesListReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** Every read of GET /v1/landing-pages sits under this key; saving a landing page invalidates it. */
export const landingPagesQueryKey = ['landing-pages'] as const;

/** GET /v1/landing-pages: landing pages, a page of them, optionally of one site. */
export async function getLandingPages(query: LandingPagesQuery) {
  return landingPageListReplySchema.parse(await apiRequest('/v1/landing-pages', { query }));
}

export const getLandingPagesQueryOptions = (query: LandingPagesQuery) =>
  queryOptions({ queryKey: [...landingPagesQueryKey, 'list', query], queryFn: () => getLandingPages(query) });

/** Every landing page of a site (or of every site), for the pickers. */
export function useLandingPages(siteId: number | undefined, enabled = true) {
  return useQuery({ ...getLandingPagesQueryOptions({ site_id: siteId === undefined ? undefined : String(siteId), per_page: 'all' }), enabled, select: (reply) => reply.data });
}

/** One page of the landing pages list, as the screen asks for it. */
export function useLandingPagesPage(query: LandingPagesQuery) {
  return useQuery({ ...getLandingPagesQueryOptions(query), placeholderData: keepPreviousData });
}

/** The creatives screen's landing pages, with their images; saving a landing page invalidates these too. */
export const landingPagesWithImagesQueryKey = [...landingPagesQueryKey, 'with-images'] as const;

/** GET /v1/creatives/landing-pages: landing pages with their preview images, best rated first. */
export async function getLandingPagesWithImages(query: LandingPagesWithImagesQuery) {
  return landingPageWithImagesListReplySchema.parse(await apiRequest('/v1/creatives/landing-pages', { query }));
}

export const getLandingPagesWithImagesQueryOptions = (query: LandingPagesWithImagesQuery) =>
  queryOptions({ queryKey: [...landingPagesWithImagesQueryKey, query], queryFn: () => getLandingPagesWithImages(query) });

export function useLandingPagesWithImages(query: LandingPagesWithImagesQuery) {
  return useQuery({ ...getLandingPagesWithImagesQueryOptions(query), placeholderData: keepPreviousData });
}
