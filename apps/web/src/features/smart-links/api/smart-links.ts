import { type SmartLinkCreate, smartLinkListReplySchema, smartLinkReplySchema } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** The smart links list's key; saving or deleting one invalidates it. */
export const smartLinksQueryKey = ['smart-links', 'list'] as const;

/** GET /v1/smart-links: the signed-in affiliate's smart links, newest first. */
export function useSmartLinks() {
  return useQuery({ queryKey: smartLinksQueryKey, queryFn: async () => smartLinkListReplySchema.parse(await apiRequest('/v1/smart-links')).data });
}

/** GET /v1/affiliates/{id}/smart-links: an affiliate's smart links, for staff in Affiliate Details (read-only). */
export function useAffiliateSmartLinks(affiliateId: number) {
  return useQuery({ queryKey: ['smart-links', 'affiliate', affiliateId], queryFn: async () => smartLinkListReplySchema.parse(await apiRequest(`/v1/affiliates/${affiliateId}/smart-links`)).data });
}

/** POST /v1/smart-links (create) or PATCH /v1/smart-links/{id} (the whole link again). */
export function useSaveSmartLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number | undefined; input: SmartLinkCreate }) =>
      smartLinkReplySchema.parse(await apiRequest(id === undefined ? '/v1/smart-links' : `/v1/smart-links/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartLinksQueryKey }),
  });
}

const deleted = z.object({ data: z.object({ message: z.string() }) });

/** DELETE /v1/smart-links/{id}. */
export function useDeleteSmartLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => deleted.parse(await apiRequest(`/v1/smart-links/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smartLinksQueryKey }),
  });
}
