import { dataReply, payoutTimelineSchema } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/payouts/{id}/timeline: where the payout's money is (its owner, or staff with payouts). */
export function usePayoutTimeline(id: number | undefined) {
  return useQuery({
    queryKey: ['payouts', 'timeline', id ?? 0],
    enabled: id !== undefined,
    queryFn: async () => dataReply(payoutTimelineSchema).parse(await apiRequest(`/v1/payouts/${id}/timeline`)).data,
  });
}
