import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueue, type JobDefinition, type WorkerLog } from '../jobs/index.ts';
import { nextClose } from './balance.ts';
import { closePeriod } from './close.ts';
import { rows } from './sql.ts';

/** The scheduled period close: one pending job at a time, for the month after the last closed one. */
export const CLOSE_JOB = 'payouts.close-period';

export async function scheduleNextClose(db: Db, now: Date): Promise<void> {
  const [pending] = await rows<{ id: number }>(db, sql`select id from jobs where kind = ${CLOSE_JOB} and done_at is null limit 1`);
  if (pending) return;
  const next = await nextClose(db, now);
  await enqueue(db, CLOSE_JOB, { period: next.period }, { runAt: next.date });
}

export function closeJob(db: Db, log: WorkerLog): JobDefinition<{ period: string }> {
  return {
    // A failed close (database away) is tried again within minutes; it is all or nothing, so a retry is safe.
    backoff: { baseMs: 60_000, capMs: 3_600_000 },
    async handle(payload) {
      try {
        const result = await closePeriod(db, payload.period);
        log.info({ ...result }, 'period closed');
      } catch (error) {
        // Closed already (by staff or another instance): nothing left to do.
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
      // The next month's close is enqueued after this job is marked done, so look past this one.
      const next = await nextClose(db, new Date());
      await enqueue(db, CLOSE_JOB, { period: next.period }, { runAt: next.date });
    },
  };
}
