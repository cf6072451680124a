import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Clicks are partitioned by UTC day. Partitions are made a week ahead (and a day back), so a click
 * never waits on DDL; anything outside them lands in clicks_default.
 */
export async function ensureClickPartitions(db: Db, log: FastifyBaseLogger, now = new Date(), ahead = 7): Promise<void> {
  for (let i = -1; i <= ahead; i++) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + i));
    const end = new Date(start.getTime() + 86_400_000);
    const name = `clicks_${utcDay(start).replaceAll('-', '')}`;
    try {
      await db.execute(
        sql.raw(
          `create table if not exists ${name} partition of clicks for values from ('${start.toISOString()}') to ('${end.toISOString()}')`,
        ),
      );
    } catch (err) {
      // Rows for that day already in the default partition: they stay there; queries see both.
      log.warn({ err, partition: name }, 'could not create click partition');
    }
  }
}

export function scheduleClickPartitions(db: Db, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => void ensureClickPartitions(db, log), 6 * 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
