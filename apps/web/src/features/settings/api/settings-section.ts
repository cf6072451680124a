import type { SettingsSectionName } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const settingsKeys = {
  all: ['settings'] as const,
  section: (name: SettingsSectionName) => ['settings', 'section', name] as const,
};

/** GET /v1/settings/{section}: one section of Global Settings, read through its contracts schema. */
export const getSettingsSectionQueryOptions = <T>(name: SettingsSectionName, schema: z.ZodType<T>) =>
  queryOptions({
    queryKey: settingsKeys.section(name),
    queryFn: async () => z.object({ data: schema }).parse(await apiRequest(`/v1/settings/${name}`)).data,
  });

export function useSettingsSection<T>(name: SettingsSectionName, schema: z.ZodType<T>) {
  return useQuery(getSettingsSectionQueryOptions(name, schema));
}

/** PUT /v1/settings/{section}: the section's form saves the whole section at once. */
export function useSaveSettingsSection(name: SettingsSectionName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiRequest(`/v1/settings/${name}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.section(name) }),
  });
}
