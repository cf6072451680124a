import { offerLogoReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';

/** POST /v1/offers/{id}/logo (multipart `logo`), or DELETE to fall back to the site's logo (staff with creatives). */
export async function saveOfferLogo({ id, file }: { id: number; file: File | null }) {
  if (!file) return offerLogoReplySchema.parse(await apiRequest(`/v1/offers/${id}/logo`, { method: 'DELETE' }));
  const body = new FormData();
  body.append('logo', file, file.name);
  return offerLogoReplySchema.parse(await apiRequest(`/v1/offers/${id}/logo`, { method: 'POST', body }));
}

export function useSaveOfferLogo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveOfferLogo, onSuccess: () => client.invalidateQueries({ queryKey: offersQueryKey }) });
}
