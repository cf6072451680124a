import { landingPageSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client.ts';

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
