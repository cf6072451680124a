import { profileFormOptionsSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** The countries of the profile forms (GET /v1/user/profile/form/options), for every country select (W-8 forms, smart links). */
export async function getCountries() {
  return profileFormOptionsSchema.parse(await apiRequest('/v1/user/profile/form/options', { auth: false })).data.countries;
}

export const getCountriesQueryOptions = () => queryOptions({ queryKey: ['profile', 'form-options', 'countries'], queryFn: getCountries, staleTime: 10 * 60_000 });
export const useCountries = () => useQuery(getCountriesQueryOptions());
