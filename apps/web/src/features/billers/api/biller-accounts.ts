import { billerTestPostReplySchema, landingPageListReplySchema, type BillerAccountInput, billerAccountListReplySchema as listReply, billerAccountReplySchema as oneReply, type BillerAccountUpdate } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every read of a site's biller accounts sits under this key; saving, rotating or deleting one invalidates it. */
export const billerAccountsQueryKey = ['biller-accounts'] as const;

/** GET /v1/sites/{id}/biller-accounts (staff with offers): the site's biller accounts with their postback URLs. */
export async function getBillerAccounts(siteId: number) {
  return listReply.parse(await apiRequest(`/v1/sites/${siteId}/biller-accounts`)).data;
}

export const billerAccountsQueryOptions = (siteId: number) =>
  queryOptions({ queryKey: [...billerAccountsQueryKey, siteId], queryFn: () => getBillerAccounts(siteId) });

export function useBillerAccounts(siteId: number) {
  return useQuery(billerAccountsQueryOptions(siteId));
}

export type SaveBillerAccount = { siteId: number; id?: undefined; input: BillerAccountInput } | { siteId: number; id: number; input: BillerAccountUpdate };

/** POST /v1/sites/{id}/biller-accounts (new) or PATCH /v1/biller-accounts/{id}. */
export async function saveBillerAccount(save: SaveBillerAccount) {
  const path = save.id === undefined ? `/v1/sites/${save.siteId}/biller-accounts` : `/v1/biller-accounts/${save.id}`;
  return oneReply.parse(await apiRequest(path, { method: save.id === undefined ? 'POST' : 'PATCH', body: save.input }));
}

/** POST /v1/biller-accounts/{id}/rotate-key: a new account key, so a new postback URL; the old one stops at once. */
export async function rotateBillerKey(id: number) {
  return oneReply.parse(await apiRequest(`/v1/biller-accounts/${id}/rotate-key`, { method: 'POST' }));
}

/** DELETE /v1/biller-accounts/{id}. */
export async function deleteBillerAccount(id: number) {
  await apiRequest(`/v1/biller-accounts/${id}`, { method: 'DELETE' });
}

function useInvalidating<A, R>(run: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: billerAccountsQueryKey }) });
}

export const useSaveBillerAccount = () => useInvalidating(saveBillerAccount);
export const useRotateBillerKey = () => useInvalidating(rotateBillerKey);
export const useDeleteBillerAccount = () => useInvalidating(deleteBillerAccount);

/**
 * The query parameter the site's landing pages take the click id in (`ref` for `...?ref={cid}`),
 * the most used among its landing pages; `cid` when none names one.
 */
export function clickIdParamOf(urls: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const url of urls) for (const m of url.matchAll(/[?&]([A-Za-z0-9_.-]+)=\{cid\}/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'cid';
}

/** GET /v1/landing-pages?site_id=: the parameter the site's landing pages receive the click id in. */
export function useClickIdParam(siteId: number) {
  return useQuery({
    queryKey: ['landing-pages', 'click-id-param', siteId],
    queryFn: async () => clickIdParamOf(landingPageListReplySchema.parse(await apiRequest('/v1/landing-pages', { query: { site_id: siteId, per_page: 100 } })).data.map((l) => l.url)),
  });
}

/** POST /v1/biller-accounts/{id}/test-post: a sample sale signed the biller's way, sent to the account's own address; what it became (no money moves). */
export function useSendTestPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => billerTestPostReplySchema.parse(await apiRequest(`/v1/biller-accounts/${id}/test-post`, { method: 'POST' })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: billerAccountsQueryKey });
      void client.invalidateQueries({ queryKey: ['biller-events'] });
    },
  });
}
