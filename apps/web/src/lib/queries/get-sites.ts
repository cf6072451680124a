import { siteListReplySchema, type SitesQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** Every read of GET /v1/sites sits under this key; saving a site invalidates it. */
export const sitesQueryKey = ['sites'] as const;
const everySite: SitesQuery = { per_page: 'all' };

/** GET /v1/sites: the network sites, a page of them (staff also see key prefixes and catalogue URLs). */
export async function getSites(query: SitesQuery = everySite) {
  return siteListReplySchema.parse(await apiRequest('/v1/sites', { query }));
}

export const getSitesQueryOptions = (query: SitesQuery = everySite) =>
  queryOptions({ queryKey: [...sitesQueryKey, 'list', query], queryFn: () => getSites(query), staleTime: 60_000 });

/** Every site, for the pickers. */
export function useSites() {
  return useQuery({ ...getSitesQueryOptions(), select: (reply) => reply.data });
}

/** One page of the sites list, as the screen asks for it (the previous page stays shown while the next loads). */
export function useSitesPage(query: SitesQuery) {
  return useQuery({ ...getSitesQueryOptions(query), placeholderData: keepPreviousData });
}
