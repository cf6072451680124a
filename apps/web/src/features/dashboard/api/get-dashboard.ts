import { dashboardReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/dashboard: periods, balance (affiliates), the 30-day chart, top offers and (staff) top affiliates. */
export async function getDashboard() {
  return dashboardReplySchema.parse(await apiRequest('/v1/dashboard')).data;
}

// Statistics and dashboard share the 'statistics' root: anything that changes the numbers refreshes both.
export const getDashboardQueryOptions = () => queryOptions({ queryKey: ['statistics', 'dashboard'], queryFn: getDashboard, refetchOnWindowFocus: true });

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
