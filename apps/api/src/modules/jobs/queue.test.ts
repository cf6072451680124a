import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helpers.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { backoffDelay, enqueue, type JobContext, JobWorker } from './queue.ts';

const quiet = { info() {}, warn() {}, error() {} };

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('backoff', () => {
  it('doubles from the base, caps at an hour, and jitters only downwards', () => {
    const base = { baseMs: 30_000, capMs: 3_600_000 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, base, () => 1))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffDelay(8, base, () => 1)).toBe(3_600_000);
    expect(backoffDelay(200, base, () => 1)).toBe(3_600_000);
    expect(backoffDelay(1, base, () => 0)).toBe(24_000);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(3, base);
      expect(d).toBeGreaterThanOrEqual(96_000);
      expect(d).toBeLessThanOrEqual(120_000);
    }
  });
});

describe('job worker', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const workers: JobWorker[] = [];
  const worker = (pollMs = 30, concurrency?: number) => {
    const w = new JobWorker(database.db, { enabled: true, pollMs, log: quiet, ...(concurrency ? { concurrency } : {}) });
    workers.push(w);
    return w;
  };
  const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase(fresh.config);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await database.close();
    await drop();
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const calls: JobContext[] = [];
    const w = worker();
    w.register<{ n: number }>('test.flaky', {
      backoff: { baseMs: 20, capMs: 100 },
      async handle(payload, ctx) {
        expect(payload).toEqual({ n: 7 });
        calls.push(ctx);
        if (ctx.attempt < 3) throw new Error(`attempt ${ctx.attempt} failed`);
      },
    });
    w.start();
    const id = await enqueue(database.db, 'test.flaky', { n: 7 }, { expiresAt: new Date(Date.now() + 60_000) });
    await until(async () => (await row(id)).doneAt !== null);
    expect(calls.map((c) => [c.attempt, c.final])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(await row(id)).toMatchObject({ attempts: 3, lastError: null, lockedUntil: null });
    await w.stop();
  });

  it('gives up once the next try would fall after the expiry, telling the handler it is the last', async () => {
    const finals: boolean[] = [];
    const w = worker();
    w.register('test.doomed', {
      backoff: { baseMs: 200, capMs: 1000 },
      async handle(_payload, ctx) {
        finals.push(ctx.final);
        throw new Error('receiver down');
      },
    });
    w.start();
    const id = await enqueue(database.db, 'test.doomed', {}, { expiresAt: new Date(Date.now() + 100) });
    await until(async () => (await row(id)).doneAt !== null);
    expect(finals).toEqual([true]);
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: 'receiver down' });
    await w.stop();
  });

  it('takes over a job whose lease ran out, and leaves a live lease alone', async () => {
    const seen: number[] = [];
    const stale = await enqueue(database.db, 'test.lease', { which: 'stale' });
    const live = await enqueue(database.db, 'test.lease', { which: 'live' });
    await database.db.update(jobs).set({ attempts: 1, lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, stale));
    await database.db.update(jobs).set({ attempts: 1, lockedUntil: new Date(Date.now() + 60_000) }).where(eq(jobs.id, live));
    const w = worker();
    w.register('test.lease', {
      async handle(_p, ctx) {
        seen.push(ctx.id);
      },
    });
    w.start();
    await until(async () => (await row(stale)).doneAt !== null);
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([stale]);
    expect((await row(stale)).attempts).toBe(2);
    expect((await row(live)).doneAt).toBeNull();
    await w.stop();
  });

  it('runs each job once with two workers on the queue, and claims only kinds it knows', async () => {
    const runs = new Map<number, number>();
    const a = worker(10);
    const b = worker(10);
    for (const w of [a, b]) {
      w.register('test.once', {
        async handle(_p, ctx) {
          runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5));
        },
      });
    }
    const other = await enqueue(database.db, 'test.unknown-kind', {});
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await enqueue(database.db, 'test.once', { i }));
    a.start();
    b.start();
    await until(async () => ids.every((id) => runs.has(id)));
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(40);
    expect(await row(other)).toMatchObject({ attempts: 0, doneAt: null });
  });

  it('does not run a job before its time, and keeps a job enqueued in a rolled-back transaction out', async () => {
    const seen: unknown[] = [];
    const w = worker();
    w.register('test.later', {
      async handle(payload) {
        seen.push(payload);
      },
    });
    w.start();
    const later = await enqueue(database.db, 'test.later', { at: 'later' }, { runAt: new Date(Date.now() + 300) });
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, 'test.later', { at: 'never' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 120));
    expect(seen).toEqual([]);
    await until(async () => (await row(later)).doneAt !== null);
    expect(seen).toEqual([{ at: 'later' }]);
    await w.stop();
  });

  it('marks jobs finishing together done in shared statements, each only while it is still its own', async () => {
    const w = worker(10, 40);
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    w.register<{ i: number }>('test.together', {
      async handle() {
        started++;
        await gate;
      },
    });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await enqueue(database.db, 'test.together', { i }));
    w.start();
    await until(async () => started === 40);
    // One job's lease ran out and another worker took it over: it is no longer this worker's to finish.
    const takenOver = ids[7]!;
    await database.db.update(jobs).set({ attempts: 2 }).where(eq(jobs.id, takenOver));
    release();
    await until(async () => w.stats.done === 40);
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((r) => r.doneAt !== null).map((r) => r.id)).toEqual(ids.filter((id) => id !== takenOver));
    expect((await row(takenOver)).doneAt).toBeNull();
    // Forty jobs finishing at once took a few statements, not forty.
    expect(w.stats.doneStatements).toBeLessThanOrEqual(4);
    await w.stop();
  });
});
