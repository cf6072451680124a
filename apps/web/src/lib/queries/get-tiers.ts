import { type Tier, tierListReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** The same key as the affiliates screens' tier list, so one tier write refreshes every picker. */
export const tiersQueryKey = ['tiers'] as const;

export const getTiersQueryOptions = () =>
  queryOptions({ queryKey: [...tiersQueryKey, 'list'], queryFn: async (): Promise<Tier[]> => tierListReplySchema.parse(await apiRequest('/v1/tiers')).data });

/** GET /v1/tiers (any staff): the tiers by name, with their affiliates counted (Global Settings, an offer's payouts per tier). */
export const useTierList = (enabled = true) => useQuery({ ...getTiersQueryOptions(), enabled });
