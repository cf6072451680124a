import { referralsSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = z.object({ data: referralsSchema });

/** GET /v1/referrals: the affiliate's referral link and the affiliates who signed up through it, with their commissions. */
export async function getReferrals() {
  return reply.parse(await apiRequest('/v1/referrals')).data;
}

export const getReferralsQueryOptions = () => queryOptions({ queryKey: ['referrals'], queryFn: getReferrals, refetchOnWindowFocus: true });

export function useReferrals() {
  return useQuery(getReferralsQueryOptions());
}
