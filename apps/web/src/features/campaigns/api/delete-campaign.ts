import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignsQueryKey } from '../../../lib/queries/get-campaigns.ts';

const reply = z.object({ data: z.object({ message: z.string() }) });

/** DELETE /v1/campaigns/{id}: its link then leads to the site without counting. */
export async function deleteCampaign(id: number) {
  return reply.parse(await apiRequest(`/v1/campaigns/${id}`, { method: 'DELETE' })).data;
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaign, onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }) });
}
