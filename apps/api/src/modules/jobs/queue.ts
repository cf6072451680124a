import { EventEmitter } from 'node:events';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';
import { jobs } from '../../db/schema/index.ts';
import { Batcher } from '../../lib/batcher.ts';

/**
 * The durable job queue: jobs are rows, so a restart loses nothing. Any number of workers (one per
 * instance) claim due rows with FOR UPDATE SKIP LOCKED under a lease; a worker that dies mid-job
 * leaves the lease to run out, and the job is claimed again.
 */

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Retries stop after this moment; the attempt running past it is the last. */
  expiresAt?: Date;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  options?: EnqueueOptions;
}

/** Wakes this instance's worker when something is enqueued here, so it need not wait for the next poll. */
const signals = new EventEmitter();
signals.setMaxListeners(0);

/** Adds one job. Pass the transaction as `db` to make the job part of it. */
export async function enqueue(db: Db, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
  const [id] = await enqueueMany(db, [{ kind, payload, options }]);
  return id!;
}

/** Adds a job of this kind unless one is already waiting (a recurring job's first run): answers whether it added one. */
export async function enqueueUnlessPending(db: Db, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<boolean> {
  const [pending] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, kind), isNull(jobs.doneAt))).limit(1);
  if (pending) return false;
  await enqueue(db, kind, payload, options);
  return true;
}

/** Adds several jobs in one statement; answers their ids in order. */
export async function enqueueMany(db: Db, items: readonly NewJob[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(
      items.map((j) => ({
        kind: j.kind,
        payload: j.payload ?? null,
        ...(j.options?.runAt ? { runAt: j.options.runAt } : {}),
        expiresAt: j.options?.expiresAt ?? null,
      })),
    )
    .returning({ id: jobs.id });
  signals.emit('enqueued');
  return rows.map((r) => r.id);
}

/**
 * A job of this kind still waiting (or waiting to retry) whose payload's `field` is `value`, moved up
 * to run now: answers its id, or undefined when none waits (the caller enqueues one).
 */
export async function runWaitingNow(db: Db, kind: string, field: string, value: string): Promise<number | undefined> {
  const [waiting] = await db
    .update(jobs)
    .set({ runAt: sql`least(${jobs.runAt}, now())` })
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), sql`${jobs.payload}->>${sql.raw(`'${field.replaceAll("'", "''")}'`)} = ${value}`))
    .returning({ id: jobs.id });
  return waiting?.id;
}

/**
 * The statement text that queues one job per row of a hand-written statement (the conversions'
 * batch queues a postback delivery per conversion this way): `INSERT INTO jobs` with each row's
 * payload (`payloadSql`, a jsonb expression over `fromSql`'s columns) and `expiresAtSql`. The
 * caller calls `notifyEnqueued` once its statement ran.
 */
export function enqueueFromSql(kind: string, payloadSql: string, expiresAtSql: string, fromSql: string): string {
  return `INSERT INTO jobs (kind, payload, expires_at)
  SELECT '${kind.replaceAll("'", "''")}', ${payloadSql}, ${expiresAtSql} FROM ${fromSql}`;
}

/**
 * Wakes this instance's worker after jobs were added by a statement of its own (not `enqueue`),
 * once that statement's transaction has committed: the worker polls at once.
 */
export function notifyEnqueued(): void {
  signals.emit('enqueued', true);
}

export interface JobContext {
  id: number;
  kind: string;
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows if this attempt fails: the handler records the final outcome. */
  final: boolean;
}

export interface JobDefinition<P = unknown> {
  /** Resolves: done. Throws: retried with backoff until the job expires (or `maxAttempts`). */
  handle(payload: P, ctx: JobContext): Promise<void>;
  /** Delay before retry n is base * 2^(n-1), capped, less up to 20% jitter. */
  backoff?: { baseMs: number; capMs: number };
  /** Without an expiry on the job: how many attempts in all (default 25). */
  maxAttempts?: number;
}

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  /** Claims nothing while false (an instance that only answers requests). */
  enabled: boolean;
  pollMs: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
  /** Statements of finished jobs written at once (db/client.ts `batchesInFlight`: two on PostgreSQL). */
  batchesInFlight?: number;
  log: WorkerLog;
}

const DEFAULT_BACKOFF = { baseMs: 30_000, capMs: 3_600_000 };
const DONE_KEPT_MS = 7 * 24 * 3_600_000;
const CLEANUP_EVERY_MS = 3_600_000;
/** How long a wake-up waits for the enqueuing transaction's commit. */
const WAKE_MS = 15;

/** Delay before retry number `attempt` (1-based): exponential, capped, with jitter downwards so it never passes the cap. */
export function backoffDelay(attempt: number, backoff: { baseMs: number; capMs: number }, random: () => number = Math.random): number {
  const exponential = backoff.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  const capped = Math.min(exponential, backoff.capMs);
  return Math.round(capped * (0.8 + 0.2 * random()));
}

type Claimed = { id: number; kind: string; payload: unknown; attempts: number; expiresAt: Date | null; nowMs: number };

/**
 * The worker's two statements of every job, written by hand and prepared once per connection:
 * building them through the query builder for every job was the app's largest item after garbage
 * collection in a profile of `npm run bench:postbacks`. The rarer ones (a retry, giving up, the
 * clean-up) stay in the builder.
 */
const claimStatement: Statement = {
  name: 'jobs_claim',
  text: `UPDATE jobs SET locked_until = now() + $3::int * interval '1 millisecond', attempts = attempts + 1
WHERE id IN (
  SELECT id FROM jobs
  WHERE done_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until < now()) AND kind = ANY($1::varchar[])
  ORDER BY run_at LIMIT $2::int FOR UPDATE SKIP LOCKED
)
RETURNING id, kind, payload, attempts, expires_at, floor(extract(epoch from now()) * 1000) AS now_ms`,
};
/**
 * Done, for the jobs finishing together (a group commit): one statement for all of them, or the
 * one-job form when a job finishes alone (`writeOne`, lib/batcher.ts). `attempts` is the fencing
 * token (a job taken over after its lease ran out matches nothing).
 */
const doneStatement: Statement = {
  name: 'jobs_done',
  text: `UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1::bigint AND attempts = $2::int`,
};
const doneManyStatement: Statement = {
  name: 'jobs_done_many',
  text: `UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL
FROM unnest($1::bigint[], $2::int[]) AS d(id, attempts)
WHERE jobs.id = d.id AND jobs.attempts = d.attempts`,
};
type ClaimedRow = { id: number | string; kind: string; payload: unknown; attempts: number; expires_at: Date | string | null; now_ms: number | string };

export class JobWorker {
  private readonly db: Db;
  private readonly options: Required<Omit<WorkerOptions, 'log'>> & { log: WorkerLog };
  private readonly handlers = new Map<string, JobDefinition<never>>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private started = false;
  private stopped = false;
  /** A wake-up arrived while polling: poll again at once rather than after the interval. */
  private again = false;
  private lastCleanup = 0;
  private readonly onSignal: (committed?: boolean) => void;
  private readonly done: Batcher<{ id: number; attempts: number }, undefined>;

  constructor(db: Db, options: WorkerOptions) {
    this.db = db;
    // Jobs mostly wait on the network (5 s at most per postback), so many can run at once: their
    // statements are shared (group commits), so more at once does not mean more statements.
    this.options = { concurrency: 128, leaseMs: 60_000, batchesInFlight: 1, ...options };
    this.onSignal = (committed?: boolean) => this.wake(committed ? 0 : WAKE_MS);
    this.done = new Batcher(
      async (finished) => {
        await runStatement(db, doneManyStatement, [finished.map((j) => j.id), finished.map((j) => j.attempts)]);
        return finished.map(() => undefined);
      },
      {
        maxInFlight: this.options.batchesInFlight,
        maxBatch: 1000,
        writeOne: async (job) => void (await runStatement(db, doneStatement, [job.id, job.attempts])),
      },
    );
  }

  /** Finished jobs marked done, and the statements that did it (tests and benchmarks read them). */
  get stats(): { done: number; doneStatements: number } {
    return { done: this.done.stats.items, doneStatements: this.done.stats.batches };
  }

  /** Registers the handler of a kind; only registered kinds are claimed. */
  register<P>(kind: string, definition: JobDefinition<P>): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
    this.handlers.set(kind, definition as JobDefinition<never>);
  }

  start(): void {
    if (!this.options.enabled || this.started || this.stopped) return;
    this.started = true;
    signals.on('enqueued', this.onSignal);
    this.schedule(0);
  }

  /** Stops claiming and waits for the jobs running now (each bounded by its own timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    signals.off('enqueued', this.onSignal);
    clearTimeout(this.timer);
    clearTimeout(this.wakeTimer);
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Polls soon: after `delayMs`, since a job enqueued in a transaction becomes visible at its
   * commit, a moment later (and jobs finishing together then share one claim); at once when the
   * jobs are known to be committed.
   */
  wake(delayMs = WAKE_MS): void {
    if (!this.started || this.stopped) return;
    if (this.wakeTimer) {
      if (delayMs > 0) return;
      clearTimeout(this.wakeTimer);
    }
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      void this.tick();
    }, delayMs);
    this.wakeTimer.unref();
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.again = false;
    this.ticking = this.poll()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'job queue poll failed'))
      .finally(() => {
        this.ticking = undefined;
        this.schedule(this.again ? 0 : this.options.pollMs);
      });
    return this.ticking;
  }

  private async poll(): Promise<void> {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0 || this.handlers.size === 0) return;
    const claimed = await this.claim(free);
    for (const job of claimed) {
      const run = this.run(job).finally(() => {
        this.inFlight.delete(run);
        // A slot came free: more due jobs may be waiting.
        if (!this.stopped) this.wake();
      });
      this.inFlight.add(run);
    }
    if (Date.now() - this.lastCleanup > CLEANUP_EVERY_MS) {
      this.lastCleanup = Date.now();
      await this.db.delete(jobs).where(lt(jobs.doneAt, new Date(Date.now() - DONE_KEPT_MS)));
    }
  }

  private async claim(limit: number): Promise<Claimed[]> {
    const rows = await runStatement<ClaimedRow>(this.db, claimStatement, [[...this.handlers.keys()], limit, this.options.leaseMs]);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
      nowMs: Number(r.now_ms),
    }));
  }

  private async run(job: Claimed): Promise<void> {
    const definition = this.handlers.get(job.kind);
    if (!definition) return;
    const delay = backoffDelay(job.attempts, definition.backoff ?? DEFAULT_BACKOFF);
    const final = job.expiresAt
      ? job.nowMs + delay > job.expiresAt.getTime()
      : job.attempts >= (definition.maxAttempts ?? 25);
    // `attempts` is the fencing token: if the lease ran out and another worker took the job, these updates match nothing.
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    try {
      await definition.handle(job.payload as never, { id: job.id, kind: job.kind, attempt: job.attempts, final });
      await this.done.submit({ id: job.id, attempts: job.attempts });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      try {
        if (final) {
          await this.db.update(jobs).set({ doneAt: sql`now()`, lockedUntil: null, lastError: message }).where(mine);
          this.options.log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job gave up');
        } else {
          await this.db
            .update(jobs)
            .set({ runAt: sql`now() + ${delay} * interval '1 millisecond'`, lockedUntil: null, lastError: message })
            .where(mine);
        }
      } catch (updateError) {
        // The lease runs out and the job is tried again: nothing is lost.
        this.options.log.error({ err: updateError, job: job.id }, 'could not record a job failure');
      }
    }
  }
}
