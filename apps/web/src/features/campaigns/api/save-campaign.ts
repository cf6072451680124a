import { type CampaignInput, campaignSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignsQueryKey } from '../../../lib/queries/get-campaigns.ts';

const reply = z.object({ data: campaignSchema, message: z.string().optional() });

/** POST /v1/campaigns (create) or PUT /v1/campaigns/{id} (update). */
export async function saveCampaign({ id, input }: { id?: number | undefined; input: CampaignInput }) {
  return reply.parse(await apiRequest(id === undefined ? '/v1/campaigns' : `/v1/campaigns/${id}`, { method: id === undefined ? 'POST' : 'PUT', body: input }));
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }) });
}
