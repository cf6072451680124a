import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue, type JobDefinition, type WorkerLog } from '../jobs/index.ts';
import { loadEcbRates } from './ecb.ts';
import type { RateArrivals } from './arrivals.ts';

/** The daily load of the ECB's reference rates: one pending job at a time. */
export const ECB_JOB = 'exchange-rates.ecb';
const HOUR = 3_600_000;

/** The ECB publishes around 16:00 Frankfurt time; the load runs at 15:30 UTC, after it, every day. */
export function nextDailyRun(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15, 30));
  return at.getTime() > now.getTime() ? at : new Date(at.getTime() + 24 * HOUR);
}

/** Queues the load (now, at first start) unless one is pending. */
export async function scheduleEcbLoad(db: Db, runAt: Date): Promise<void> {
  const found = (await db.execute(sql`select id from jobs where kind = ${ECB_JOB} and done_at is null limit 1`)) as unknown as { rows: unknown[] };
  if (!found.rows.length) await enqueue(db, ECB_JOB, {}, { runAt });
}

/**
 * Loads the rates and releases the conversions held for want of one. Offline it fails quietly:
 * the failure is recorded (the settings screen shows it) and the load is tried again in an hour.
 */
export function ecbJob(db: Db, baseUrl: string, arrivals: RateArrivals, log: WorkerLog): JobDefinition<Record<string, never>> {
  return {
    maxAttempts: 1,
    async handle() {
      const now = new Date();
      const load = await loadEcbRates(db, baseUrl, now);
      if (load.ok) {
        if (load.written) log.info({ written: load.written }, 'ECB exchange rates loaded');
        await arrivals.arrived();
      } else {
        log.warn({ error: load.error }, 'ECB exchange rates could not be loaded');
      }
      await enqueue(db, ECB_JOB, {}, { runAt: load.ok ? nextDailyRun(now) : new Date(now.getTime() + HOUR) });
    },
  };
}
