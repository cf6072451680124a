import { type StatisticsQuery, statisticsReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client.ts';

/** GET /v1/statistics/daily: one row per day (or per group) and the totals. */
export async function getStatistics(query: StatisticsQuery) {
  return statisticsReplySchema.parse(await apiRequest('/v1/statistics/daily', { query: query as Record<string, QueryValue> }));
}

export const getStatisticsQueryOptions = (query: StatisticsQuery) =>
  queryOptions({ queryKey: ['statistics', 'daily', query], queryFn: () => getStatistics(query), placeholderData: keepPreviousData });

/** `enabled: false` while the filters cannot be answered (a start date after the end date). */
export function useStatistics(query: StatisticsQuery, enabled = true) {
  return useQuery({ ...getStatisticsQueryOptions(query), enabled });
}
