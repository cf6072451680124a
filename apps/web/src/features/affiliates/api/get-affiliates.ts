import { affiliateListReplySchema, type AffiliatesQuery, managerListReplySchema, tierListReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';

/** Every read of the affiliates list sits under this key; each action invalidates it. */
export const affiliatesQueryKey = ['affiliates'] as const;

/** GET /v1/affiliates (staff with the affiliates permission): one page of the filtered, sorted list. */
export async function getAffiliates(query: AffiliatesQuery) {
  return affiliateListReplySchema.parse(await apiRequest('/v1/affiliates', { query: { ...query } }));
}

export const getAffiliatesQueryOptions = (query: AffiliatesQuery) =>
  queryOptions({ queryKey: [...affiliatesQueryKey, 'list', query], queryFn: () => getAffiliates(query), placeholderData: keepPreviousData });

export function useAffiliates(query: AffiliatesQuery) {
  return useQuery(getAffiliatesQueryOptions(query));
}

/** The CSV export's address: the same filters as the list (the download carries the session by fetch). */
export async function downloadAffiliatesCsv(query: AffiliatesQuery): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const { blob, fileName } = await apiFile('/v1/affiliates/export.csv', { query: { ...filters } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? 'affiliates.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /v1/affiliates/managers: staff users who may manage affiliates. */
export function useManagers(enabled = true) {
  return useQuery({
    queryKey: [...affiliatesQueryKey, 'managers'],
    queryFn: async () => managerListReplySchema.parse(await apiRequest('/v1/affiliates/managers')).data,
    enabled,
  });
}

/** GET /v1/tiers: the tiers to assign. */
export function useTiers(enabled = true) {
  return useQuery({ queryKey: ['tiers', 'list'], queryFn: async () => tierListReplySchema.parse(await apiRequest('/v1/tiers')).data, enabled });
}
