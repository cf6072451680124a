import { taxFormStateSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const myTaxFormQueryKey = ['tax-forms', 'me'] as const;
const reply = z.object({ data: taxFormStateSchema });

/** GET /v1/tax-forms/me: the affiliate's status, the issue it raises, the latest form and the history. */
export async function getMyTaxForm() {
  return reply.parse(await apiRequest('/v1/tax-forms/me')).data;
}

export const getMyTaxFormQueryOptions = () => queryOptions({ queryKey: myTaxFormQueryKey, queryFn: getMyTaxForm });

export function useMyTaxForm() {
  return useQuery(getMyTaxFormQueryOptions());
}
