import { type PublicConfig, publicConfigSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, setMaintenance, useMaintenance } from './api-client.ts';
import { setNetworkMaintenance, useNetworkMaintenance } from './maintenance.ts';
import { session } from './session.ts';

/**
 * GET /v1/config: maintenance, bot-check key and social providers, before anyone signs in.
 * The server answers it during maintenance too. Its `maintenance` field shuts out a visitor at
 * once; a signed-in user is shut out only when the API refuses them (affiliates), so staff keep
 * every page, by address and on reload, and read the staff banner (`useNetworkMaintenance`).
 */
export async function getConfig(): Promise<PublicConfig> {
  const config = publicConfigSchema.parse(await apiRequest('/v1/config', { auth: false, keepMaintenance: true })).data;
  setNetworkMaintenance(config.maintenance);
  if (!config.maintenance || !session.get()) setMaintenance(config.maintenance);
  return config;
}

export const getConfigQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: 5 * 60_000 });

/** The public config; asked again every minute while maintenance is on, to see it end. */
export function useConfig() {
  const maintenance = useMaintenance();
  const network = useNetworkMaintenance();
  return useQuery({ ...getConfigQueryOptions(), refetchInterval: maintenance || network ? 60_000 : false });
}
