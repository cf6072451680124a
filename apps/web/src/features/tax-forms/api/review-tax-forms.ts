import { listMetaSchema, revealedTinsSchema, type TaxFormDeclineRequest, taxFormSchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const taxFormQueueQueryKey = ['tax-forms', 'queue'] as const;
export const taxFormQueryKey = (id: number) => ['tax-forms', 'one', id] as const;

const list = z.object({ data: z.array(taxFormSchema), meta: listMetaSchema });
const one = z.object({ data: taxFormSchema });
const decided = z.object({ data: taxFormSchema, message: z.string() });

/** GET /v1/tax-forms: the forms waiting for review, oldest first. */
export async function getTaxFormQueue() {
  return list.parse(await apiRequest('/v1/tax-forms', { query: { status: 'pending', per_page: 200 } }));
}

export const getTaxFormQueueQueryOptions = () => queryOptions({ queryKey: taxFormQueueQueryKey, queryFn: getTaxFormQueue });
export const useTaxFormQueue = () => useQuery(getTaxFormQueueQueryOptions());

export async function getTaxForm(id: number) {
  return one.parse(await apiRequest(`/v1/tax-forms/${id}`)).data;
}

export const useTaxForm = (id: number) => useQuery(queryOptions({ queryKey: taxFormQueryKey(id), queryFn: () => getTaxForm(id) }));

export async function revealTins(id: number) {
  return z.object({ data: revealedTinsSchema }).parse(await apiRequest(`/v1/tax-forms/${id}/reveal-tin`, { method: 'POST' })).data;
}

/** Accept, or decline with a reason and the status the form takes (Not Uploaded or, the alternative, Pending). */
export function useReviewTaxForm(id: number) {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: ['tax-forms'] });
  return {
    accept: useMutation({ mutationFn: async () => decided.parse(await apiRequest(`/v1/tax-forms/${id}/accept`, { method: 'POST' })), onSuccess: done }),
    decline: useMutation({ mutationFn: async (body: TaxFormDeclineRequest) => decided.parse(await apiRequest(`/v1/tax-forms/${id}/decline`, { method: 'POST', body })), onSuccess: done }),
  };
}
