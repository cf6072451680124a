import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadTimeout, loadChunk } from './load-chunk.ts';

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after a failure and returns the module once it loads', async () => {
    let calls = 0;
    const load = () => (++calls < 3 ? Promise.reject(new Error('offline')) : Promise.resolve('module'));
    const result = loadChunk(load);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe('module');
    expect(calls).toBe(3);
  });

  it('gives up after 120 s of failures', async () => {
    const result = loadChunk(() => Promise.reject(new Error('offline')));
    const caught = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS + 1000);
    expect(await caught).toBeInstanceOf(ChunkLoadTimeout);
  });

  it('gives up after 120 s when the request just hangs', async () => {
    const result = loadChunk(() => new Promise(() => {}));
    const caught = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1000);
    let settled = false;
    void caught.finally(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await caught).toBeInstanceOf(ChunkLoadTimeout);
  });
});
