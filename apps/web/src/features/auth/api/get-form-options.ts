import { profileFormOptionsSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type FormOptions = z.infer<typeof profileFormOptionsSchema>['data'];

/** GET /v1/user/profile/form/options: sites, promotion methods and countries for the sign-up form. */
export async function getFormOptions(): Promise<FormOptions> {
  return profileFormOptionsSchema.parse(await apiRequest('/v1/user/profile/form/options', { auth: false })).data;
}

export const getFormOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'form-options'], queryFn: getFormOptions, staleTime: 10 * 60_000 });

export const useFormOptions = () => useQuery(getFormOptionsQueryOptions());
