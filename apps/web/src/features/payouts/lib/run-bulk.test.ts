import { describe, expect, it } from 'vitest';
import { chunks } from './chunks.ts';
import { type BulkResult, runBulk } from './run-bulk.ts';

describe('runBulk', () => {
  it('sends batches in order, keeps each row’s own result and reports after every batch', async () => {
    const sent: number[][] = [];
    const progress: number[] = [];
    const results = await runBulk(
      [3, 5, 8, 13, 21],
      2,
      async (batch) => {
        sent.push(batch);
        return batch.map((id) => (id === 5 ? { id, ok: false, message: 'Only a payout to approve can be approved.' } : { id, ok: true }));
      },
      (r) => progress.push(r.length),
      () => 'No answer',
    );
    expect(sent).toEqual([[3, 5], [8, 13], [21]]);
    expect(progress).toEqual([2, 4, 5]);
    expect(results).toEqual<BulkResult[]>([
      { id: 3, ok: true },
      { id: 5, ok: false, message: 'Only a payout to approve can be approved.' },
      { id: 8, ok: true },
      { id: 13, ok: true },
      { id: 21, ok: true },
    ]);
  });

  it('marks a batch that got no answer failed and goes on with the next', async () => {
    const results = await runBulk(
      [1, 2, 3],
      2,
      async (batch) => {
        if (batch.includes(1)) throw new Error('An error has occurred while processing your request. Please try again later.');
        return batch.map((id) => ({ id, ok: true as const }));
      },
      () => undefined,
      (e) => (e as Error).message,
    );
    expect(results.map((r) => [r.id, r.ok])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('stops before the next batch once stopped', async () => {
    const controller = new AbortController();
    const results = await runBulk(
      [1, 2, 3],
      1,
      async (batch) => {
        controller.abort();
        return batch.map((id) => ({ id, ok: true as const }));
      },
      () => undefined,
      String,
      controller.signal,
    );
    expect(results.map((r) => r.id)).toEqual([1]);
  });

  it('splits into batches', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 3)).toEqual([]);
  });
});
