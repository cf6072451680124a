import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/**
 * The money settings lists several features read (payouts filters, the change bank dialog, the billing
 * form, the settings screen): one fetcher and one query key each, invalidated by the settings' mutations.
 */

export const paymentMethodSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  minimum_payout: z.string(),
  fee: z.string(),
  is_active: z.boolean().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const moneyKeys = {
  paymentMethods: ['money-settings', 'payment-methods'] as const,
  banks: ['money-settings', 'banks'] as const,
};

/** GET /v1/payment-methods: the ways the network pays, with their minimum payout and fee. */
export async function getPaymentMethods() {
  return z.object({ data: z.array(paymentMethodSchema) }).parse(await apiRequest('/v1/payment-methods')).data;
}

export const getPaymentMethodsQueryOptions = () => queryOptions({ queryKey: moneyKeys.paymentMethods, queryFn: getPaymentMethods, staleTime: 60_000 });

export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions());
}

export const bankSchema = z.object({ id: z.number(), name: z.string(), payment_method: z.string().nullable().optional() });
export type Bank = z.infer<typeof bankSchema>;

/** GET /v1/banks (staff): the network's paying accounts. */
export async function getBanks() {
  return z.object({ data: z.array(bankSchema) }).parse(await apiRequest('/v1/banks')).data;
}

export const getBanksQueryOptions = () => queryOptions({ queryKey: moneyKeys.banks, queryFn: getBanks, staleTime: 60_000 });

export function useBanks(enabled = true) {
  return useQuery({ ...getBanksQueryOptions(), enabled });
}
