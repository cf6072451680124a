import { type SiteInput, siteSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { sitesQueryKey } from '../../../lib/queries/get-sites.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

// A new site is answered with its API key, once.
const reply = z.object({ data: siteSchema.extend({ api_key: z.string().optional() }), message: z.string().optional() });

/** POST /v1/sites (create; answers the API key once) or PUT /v1/sites/{id} (update), staff. */
export async function saveSite({ id, input }: { id?: number | undefined; input: SiteInput }) {
  return reply.parse(await apiRequest(id === undefined ? '/v1/sites' : `/v1/sites/${id}`, { method: id === undefined ? 'POST' : 'PUT', body: input }));
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSite,
    // Offers carry their site's names.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: sitesQueryKey }), queryClient.invalidateQueries({ queryKey: offersQueryKey })]),
  });
}
