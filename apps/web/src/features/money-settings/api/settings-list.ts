import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { moneyKeys } from '../../../lib/money-queries.ts';

/**
 * The money settings lists (payment methods, banks, tax withholdings, split fees) share one shape of
 * calls: GET the list, POST a new row (or PUT by key), PUT /{key}, DELETE /{key}. One definition
 * per list, and every change refreshes all the money lists (the payouts screen and billing form read them).
 */
export interface SettingsList<Row> {
  name: string;
  path: string;
  row: z.ZodType<Row>;
  /** Rows are created with PUT /{key} (split fees, keyed by affiliate) instead of POST. */
  createByPut?: boolean;
}

export function settingsListQueryOptions<Row>(list: SettingsList<Row>) {
  return queryOptions({
    queryKey: [...moneyKeys.all, 'settings', list.name],
    queryFn: async () => z.object({ data: z.array(list.row) }).parse(await apiRequest(list.path)).data,
  });
}

export function useSettingsList<Row>(list: SettingsList<Row>) {
  return useQuery(settingsListQueryOptions(list));
}

export function useSaveSettingsRow<Row>(list: SettingsList<Row>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, body }: { key: number | undefined; body: unknown }) => {
      if (key === undefined && !list.createByPut) return apiRequest(list.path, { method: 'POST', body });
      return apiRequest(`${list.path}/${key}`, { method: 'PUT', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export function useDeleteSettingsRow<Row>(list: SettingsList<Row>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: number) => apiRequest(`${list.path}/${key}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
