/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock's victim (40P01): it was rolled
 * back whole, so running it again is safe. Writers of the daily rollups (the click journal's merge
 * writes both rollups in one statement, in an order PostgreSQL picks) can deadlock with a
 * conversion's own upserts; the batched writers retry the same way.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isDeadlock(err)) throw err;
    }
  }
}

/** The driver's error, or the query builder's wrapping it (`cause`). */
function isDeadlock(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '40P01') return true;
  }
  return false;
}
