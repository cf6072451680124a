import { billingAccountSchema, type BillingDetailsInput } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';
import { billingKeyOf } from './get-billing.ts';

const reply = z.object({ data: billingAccountSchema });

/** PUT /v1/user/billing, checked on both sides by the contracts' billingDetailsSchema. */
export async function saveBilling(body: BillingDetailsInput, userId?: number) {
  return reply.parse(await apiRequest('/v1/user/billing', { method: 'PUT', body, query: userId === undefined ? {} : { user_id: userId } })).data;
}

/** `userId`: staff saving an affiliate's details in Affiliate Details. */
export function useSaveBilling(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDetailsInput) => saveBilling(body, userId),
    onSuccess: (data) => {
      queryClient.setQueryData(billingKeyOf(userId), data);
      // Complete details clear the profile's billing issue (the top bar's "Not eligible for payouts") and change when payouts come.
      return Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: ['payments'] })]);
    },
  });
}
