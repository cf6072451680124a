import { campaignSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../api-client.ts';

const campaignsReply = z.object({ data: z.array(campaignSchema) });

/** GET /v1/campaigns: the signed-in affiliate's campaigns, newest first, with links and all-time earnings. */
export async function getCampaigns() {
  return campaignsReply.parse(await apiRequest('/v1/campaigns')).data;
}

export const getCampaignsQueryOptions = () => queryOptions({ queryKey: ['campaigns', 'list'], queryFn: getCampaigns });

export function useCampaigns(enabled = true) {
  return useQuery({ ...getCampaignsQueryOptions(), enabled });
}
