import { landingPageInputSchema, landingPageSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';
import { landingPagesQueryKey } from '../../../lib/queries/get-landing-pages.ts';

const reply = z.object({ data: landingPageSchema });
export type LandingPageInput = z.input<typeof landingPageInputSchema>;

/** POST /v1/landing-pages (create) or PUT /v1/landing-pages/{id} (update), staff. */
export async function saveLandingPage({ id, input }: { id?: number | undefined; input: LandingPageInput }) {
  return reply.parse(await apiRequest(id === undefined ? '/v1/landing-pages' : `/v1/landing-pages/${id}`, { method: id === undefined ? 'POST' : 'PUT', body: input })).data;
}

export function useSaveLandingPage() {
  const queryClient = useQueryClient();
  // Offers embed their landing page.
  return useMutation({
    mutationFn: saveLandingPage,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: landingPagesQueryKey }), queryClient.invalidateQueries({ queryKey: offersQueryKey })]),
  });
}
