import { bulkResultSchema } from '@portal/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { BulkResult } from '../lib/run-bulk.ts';

const reply = z.object({ data: bulkResultSchema });

export type BulkAction = 'approve' | 'mark-paid';

/** POST /v1/payouts/bulk/approve or bulk/mark-paid: a result per id, each in its own transaction. */
/** `extra`: what every payout of a bulk mark-paid shares (reference, date paid). */
export async function bulkPayouts(action: BulkAction, ids: number[], extra: Record<string, unknown> = {}): Promise<BulkResult[]> {
  const { results } = reply.parse(await apiRequest(`/v1/payouts/bulk/${action}`, { method: 'POST', body: { ...extra, ids } })).data;
  return results.map((r) => (r.ok ? { id: r.id, ok: true } : { id: r.id, ok: false, message: r.message }));
}
