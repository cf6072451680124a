import { type RetentionQuery, retentionReplySchema } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/statistics/retention: subscriptions from billers per affiliate and offer (an affiliate's own; staff the network's). */
export async function getRetention(query: RetentionQuery) {
  return retentionReplySchema.parse(await apiRequest('/v1/statistics/retention', { query })).data;
}

export function useRetention(query: RetentionQuery, enabled: boolean) {
  return useQuery({ queryKey: ['statistics', 'retention', query], queryFn: () => getRetention(query), placeholderData: keepPreviousData, enabled });
}
