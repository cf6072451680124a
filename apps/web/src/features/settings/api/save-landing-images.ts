import { landingImageFields, landingImageSettingsSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-section.ts';

/** What the form holds per field: a newly picked file, or nothing new (a stored one is kept by sending nothing). */
export type LandingImagesPayload = Record<string, unknown>;

/** PUT /v1/settings/landing-page-images, multipart: `<section>_<desktop|mobile>` files and `<field>_deleted[]` uuids. */
export function toFormData(values: LandingImagesPayload): FormData {
  const form = new FormData();
  for (const field of landingImageFields) {
    const value = values[field];
    if (value instanceof File) form.append(field, value, value.name);
    const deleted = values[`${field}_deleted`];
    if (Array.isArray(deleted)) for (const uuid of deleted) if (typeof uuid === 'string') form.append(`${field}_deleted[]`, uuid);
  }
  return form;
}

export function useSaveLandingImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LandingImagesPayload) =>
      z.object({ data: landingImageSettingsSchema }).parse(await apiRequest('/v1/settings/landing-page-images', { method: 'PUT', body: toFormData(values) })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.section('landing-page-images') }),
  });
}
