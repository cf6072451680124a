import { campaignListReplySchema, type CampaignsQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** Every read of GET /v1/campaigns sits under this key; saving or deleting a campaign invalidates it. */
export const campaignsQueryKey = ['campaigns'] as const;

/** GET /v1/campaigns: the signed-in affiliate's campaigns, a page of them, with links and all-time earnings. */
export async function getCampaigns(query: CampaignsQuery) {
  return campaignListReplySchema.parse(await apiRequest('/v1/campaigns', { query }));
}

export const getCampaignsQueryOptions = (query: CampaignsQuery) => queryOptions({ queryKey: [...campaignsQueryKey, 'list', query], queryFn: () => getCampaigns(query) });

/** Every campaign of the affiliate, for the pickers. */
export function useCampaigns(enabled = true) {
  return useQuery({ ...getCampaignsQueryOptions({ per_page: 'all' }), enabled, select: (reply) => reply.data });
}

/** One page of the campaigns list, as the screen asks for it. */
export function useCampaignsPage(query: CampaignsQuery) {
  return useQuery({ ...getCampaignsQueryOptions(query), placeholderData: keepPreviousData });
}
