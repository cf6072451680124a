import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversionLogKeys } from './get-conversion-log.ts';

/** Staff's actions on one conversion of the log: reverse it by hand with a reason, or attach an orphaned one to a click. */
export type ConversionAction = { kind: 'reverse'; id: number; reason: string } | { kind: 'attach'; id: number; cid: string };

export const runConversionAction = (a: ConversionAction) =>
  apiRequest<{ data?: unknown; message?: string }>(`/v1/conversion-log/${a.id}/${a.kind}`, { method: 'POST', body: a.kind === 'reverse' ? { reason: a.reason } : { cid: a.cid } });

/** Runs an action; the log, the statistics and the dashboard (keys under 'statistics') read again (money moved). */
export function useConversionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runConversionAction,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversionLogKeys.all });
      void client.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
}
