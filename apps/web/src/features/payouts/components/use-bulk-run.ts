import type { Payout } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { type BulkAction, bulkPayouts } from '../api/bulk-payouts.ts';
import { payoutKeys } from '../api/keys.ts';
import { type BulkResult, runBulk } from '../lib/run-bulk.ts';

/** A batch per request: small enough for the bar to move, large enough not to make a request per payout. */
const BATCH = 5;

export interface BulkRun {
  action: BulkAction;
  rows: readonly Payout[];
  results: readonly BulkResult[];
  running: boolean;
}

const describe = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/** Starts a bulk action from the click (never from an effect, so nothing is sent twice) and follows it. */
export function useBulkRun(onFinished: (results: BulkResult[]) => void) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<BulkRun>();
  const controller = useRef<AbortController>(undefined);

  const start = async (action: BulkAction, rows: readonly Payout[], extra: Record<string, unknown> = {}) => {
    const abort = new AbortController();
    controller.current = abort;
    setRun({ action, rows, results: [], running: true });
    const results = await runBulk(
      rows.map((r) => r.id),
      BATCH,
      (ids) => bulkPayouts(action, ids, extra),
      (partial) => setRun((r) => r && { ...r, results: partial }),
      describe,
      abort.signal,
    );
    setRun((r) => r && { ...r, results, running: false });
    onFinished(results);
    await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
  };

  return {
    run,
    start: (action: BulkAction, rows: readonly Payout[], extra?: Record<string, unknown>) => void start(action, rows, extra),
    stop: () => controller.current?.abort(),
    close: () => setRun(undefined),
  };
}
