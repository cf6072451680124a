import { chunks } from './chunks.ts';

/** One row's outcome in a bulk action: done, or the server's message. */
export type BulkResult = { id: number; ok: true } | { id: number; ok: false; message: string };

/**
 * Sends a bulk action a batch of ids at a time, reporting after every batch, so the progress bar
 * moves with the work. The server answers per id (each in its own transaction), so one refused
 * row (already paid, held...) neither stops the others nor hides its reason; a batch that gets
 * no answer at all marks its rows failed with the error, and the next batches still run.
 */
export async function runBulk(
  ids: readonly number[],
  batchSize: number,
  send: (ids: number[]) => Promise<BulkResult[]>,
  onProgress: (results: readonly BulkResult[]) => void,
  describe: (error: unknown) => string,
  signal?: AbortSignal,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const batch of chunks(ids, batchSize)) {
    if (signal?.aborted) break;
    try {
      const answered = new Map((await send(batch)).map((r) => [r.id, r]));
      for (const id of batch) results.push(answered.get(id) ?? { id, ok: false, message: describe(undefined) });
    } catch (error) {
      const message = describe(error);
      for (const id of batch) results.push({ id, ok: false, message });
    }
    onProgress([...results]);
  }
  return results;
}
