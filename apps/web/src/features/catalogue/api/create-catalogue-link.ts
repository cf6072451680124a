import { type CatalogueKind, type CatalogueLinkRequest, trackingLinkReplySchema } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/creatives/{models|scenes}/{id}/tracking-link: the affiliate's deep link to the card's page, carrying the creative id. */
export async function createCatalogueLink({ kind, id, request = {} }: { kind: CatalogueKind; id: number; request?: CatalogueLinkRequest }) {
  const path = kind === 'model' ? 'models' : 'scenes';
  return trackingLinkReplySchema.parse(await apiRequest(`/v1/creatives/${path}/${id}/tracking-link`, { method: 'POST', body: request })).data;
}

export function useCreateCatalogueLink() {
  return useMutation({ mutationFn: createCatalogueLink });
}
