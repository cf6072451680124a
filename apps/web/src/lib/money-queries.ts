import { bankSchema, paymentMethodTypes } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/**
 * The money lists several features read (the payouts filters and bank dialog, the billing form, the
 * settings screen): one fetcher and one query key each, invalidated by the settings' mutations.
 */
export const moneyKeys = {
  all: ['money-settings'] as const,
  activeMethods: ['money-settings', 'payment-methods', 'active'] as const,
  banks: ['money-settings', 'banks'] as const,
};

const activeMethodSchema = z.object({ id: z.number().int(), type: z.enum(paymentMethodTypes), name: z.string(), min_payout: z.number(), fee: z.number() });
export type ActivePaymentMethod = z.infer<typeof activeMethodSchema>;

/** GET /v1/payment-methods: the active ways the network pays, with their minimum payout and fee (any signed-in user). */
export async function getPaymentMethods() {
  return z.object({ data: z.array(activeMethodSchema) }).parse(await apiRequest('/v1/payment-methods')).data;
}

export const getPaymentMethodsQueryOptions = () => queryOptions({ queryKey: moneyKeys.activeMethods, queryFn: getPaymentMethods, staleTime: 60_000 });

export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions());
}

/** GET /v1/settings/banks (staff with `settings` or `payouts`): the network's paying accounts. */
export async function getBanks() {
  return z.object({ data: z.array(bankSchema) }).parse(await apiRequest('/v1/settings/banks')).data;
}

export const getBanksQueryOptions = () => queryOptions({ queryKey: moneyKeys.banks, queryFn: getBanks, staleTime: 60_000 });

export function useBanks(enabled = true) {
  return useQuery({ ...getBanksQueryOptions(), enabled });
}
