import { creativeSiteListReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { sitesQueryKey } from './get-sites.ts';

// Under the sites key: saving a site (which invalidates every sites read) refreshes the pickers too.
export const creativeSitesQueryKey = [...sitesQueryKey, 'creatives'] as const;

/**
 * GET /v1/creatives/sites: every site's id and names, for the creatives and catalogue tabs' site
 * filters and forms. Readable with the `creatives` permission alone (GET /v1/sites needs `offers`).
 */
export async function getCreativeSites() {
  return creativeSiteListReplySchema.parse(await apiRequest('/v1/creatives/sites'));
}

export const getCreativeSitesQueryOptions = () => queryOptions({ queryKey: creativeSitesQueryKey, queryFn: getCreativeSites, staleTime: 60_000 });

/** The sites for the pickers. */
export function useCreativeSites() {
  return useQuery({ ...getCreativeSitesQueryOptions(), select: (reply) => reply.data });
}
