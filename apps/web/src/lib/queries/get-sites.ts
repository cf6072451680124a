import { siteSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client.ts';

const sitesReply = z.object({ data: z.array(siteSchema) });

/** GET /v1/sites: the network sites (staff also see key prefixes and catalogue URLs). */
export async function getSites() {
  return sitesReply.parse(await apiRequest('/v1/sites')).data;
}

export const getSitesQueryOptions = () => queryOptions({ queryKey: ['sites', 'list'], queryFn: getSites, staleTime: 60_000 });

export function useSites() {
  return useQuery(getSitesQueryOptions());
}
