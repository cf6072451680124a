import { sharedGroupsReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/fraud/shared: each payout detail, tax number or sign-up address two or more affiliates share. */
export async function getSharedDetails() {
  return sharedGroupsReplySchema.parse(await apiRequest('/v1/fraud/shared')).data;
}

export const getSharedDetailsQueryOptions = () => queryOptions({ queryKey: ['fraud', 'shared'], queryFn: getSharedDetails });

export function useSharedDetails() {
  return useQuery(getSharedDetailsQueryOptions());
}
