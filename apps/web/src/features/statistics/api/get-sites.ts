import { siteSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = z.object({ data: z.array(siteSchema) });

/** GET /v1/sites: the sites to filter by. */
export async function getSites() {
  return reply.parse(await apiRequest('/v1/sites')).data;
}

export const getSitesQueryOptions = () => queryOptions({ queryKey: ['sites', 'list'], queryFn: getSites, staleTime: 60_000 });

export function useSites() {
  return useQuery(getSitesQueryOptions());
}
