import { profileFormOptionsSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/user/profile/form/options: sites, promotion methods and countries to choose from. */
export async function getFormOptions() {
  return profileFormOptionsSchema.parse(await apiRequest('/v1/user/profile/form/options', { auth: false })).data;
}

export const getFormOptionsQueryOptions = () => queryOptions({ queryKey: ['profile', 'form-options'], queryFn: getFormOptions, staleTime: 5 * 60_000 });

export function useFormOptions() {
  return useQuery(getFormOptionsQueryOptions());
}
