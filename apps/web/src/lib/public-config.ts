import { type PublicConfig, publicConfigSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/config: maintenance, bot-check key and social providers, before anyone signs in. */
export async function getConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await apiRequest('/v1/config', { auth: false })).data;
}

export const getConfigQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: 5 * 60_000 });

export const useConfig = () => useQuery(getConfigQueryOptions());
