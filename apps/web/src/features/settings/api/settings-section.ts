import type { SettingsSectionName } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * A document of Global Settings: read with GET and saved whole with PUT at `path`, which is
 * `/v1/settings/<id>` for the sections the settings module serves (`id` is also the query key).
 */
export interface SettingsDocument {
  id: string;
  path: string;
}

/** The document of a section served at `/v1/settings/{section}`. */
export const settingsDocument = (name: SettingsSectionName): SettingsDocument => ({ id: name, path: `/v1/settings/${name}` });

export const settingsKeys = {
  all: ['settings'] as const,
  section: (id: string) => ['settings', 'section', id] as const,
};

export const documentOf = (section: SettingsSectionName | SettingsDocument) => (typeof section === 'string' ? settingsDocument(section) : section);

/** GET one document of Global Settings, read through its contracts schema. */
export const getSettingsSectionQueryOptions = <T>(section: SettingsSectionName | SettingsDocument, schema: z.ZodType<T>) => {
  const { id, path } = documentOf(section);
  return queryOptions({
    queryKey: settingsKeys.section(id),
    queryFn: async () => z.object({ data: schema }).parse(await apiRequest(path)).data,
  });
};

export function useSettingsSection<T>(section: SettingsSectionName | SettingsDocument, schema: z.ZodType<T>) {
  return useQuery(getSettingsSectionQueryOptions(section, schema));
}

/** PUT the document: the section's form saves the whole section at once. */
export function useSaveSettingsSection(section: SettingsSectionName | SettingsDocument) {
  const queryClient = useQueryClient();
  const { id, path } = documentOf(section);
  return useMutation({
    mutationFn: (body: unknown) => apiRequest(path, { method: 'PUT', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.section(id) });
      // Maintenance turned on or off: the staff banner follows at once.
      if (id === 'maintenance') await queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}
