import { dashboardSettingsSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/dashboard/notice: the message and links staff put at the top of the dashboard (Global Settings, Dashboard). */
export async function getDashboardNotice() {
  return z.object({ data: dashboardSettingsSchema }).parse(await apiRequest('/v1/dashboard/notice')).data;
}

// Under the settings root: saving Global Settings' Dashboard section refreshes it.
export const getDashboardNoticeQueryOptions = () => queryOptions({ queryKey: ['settings', 'section', 'dashboard', 'notice'], queryFn: getDashboardNotice });

export function useDashboardNotice() {
  return useQuery(getDashboardNoticeQueryOptions());
}
