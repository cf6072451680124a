/** SPEC.md section 8: a lazy page chunk that cannot be loaded gives up after 120 s. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Pause between attempts while the network is away. */
const RETRY_EVERY_MS = 3_000;

/** Thrown once a chunk could not be loaded within the time limit; the route's error screen offers a reload. */
export class ChunkLoadTimeout extends Error {
  override name = 'ChunkLoadTimeout';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a lazy module, trying again while it fails (a dropped connection, a flaky proxy), and gives
 * up with `ChunkLoadTimeout` once `timeoutMs` have passed, also when an attempt just hangs.
 */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS, retryEveryMs = RETRY_EVERY_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadTimeout('timed out')), Math.max(0, deadline - Date.now()));
    });
    try {
      return await Promise.race([load(), timeout]);
    } catch (error) {
      if (error instanceof ChunkLoadTimeout) break;
      lastError = error;
    } finally {
      clearTimeout(timer);
    }
    await sleep(Math.min(retryEveryMs, Math.max(0, deadline - Date.now())));
  }
  throw new ChunkLoadTimeout('The page could not be loaded', { cause: lastError });
}
