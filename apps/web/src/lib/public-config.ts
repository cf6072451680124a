import { type PublicConfig, publicConfigSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, setMaintenance, useMaintenance } from './api-client.ts';

/**
 * GET /v1/config: maintenance, bot-check key and social providers, before anyone signs in.
 * The server answers it during maintenance too, so its own `maintenance` field sets the flag
 * (its success must not switch the flag off).
 */
export async function getConfig(): Promise<PublicConfig> {
  const config = publicConfigSchema.parse(await apiRequest('/v1/config', { auth: false, keepMaintenance: true })).data;
  setMaintenance(config.maintenance);
  return config;
}

export const getConfigQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: 5 * 60_000 });

/** The public config; asked again every minute while maintenance is on, to see it end. */
export function useConfig() {
  const maintenance = useMaintenance();
  return useQuery({ ...getConfigQueryOptions(), refetchInterval: maintenance ? 60_000 : false });
}
