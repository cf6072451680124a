import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { catalogueSyncs, jobs, sites } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { enqueue, type JobDefinition, runWaitingNow } from '../jobs/index.ts';
import { getSetting, putSetting } from '../settings/index.ts';
import { type SyncOptions, syncSite } from './sync.ts';

export const CATALOGUE_SYNC_JOB = 'catalogue.sync';
/** Global setting: minutes between scheduled syncs of each site (0 turns the schedule off). */
export const SYNC_INTERVAL_SETTING = 'catalogue_sync_minutes';
export const DEFAULT_SYNC_MINUTES = 60;

/** The interval as Global Settings shows it (a stored value that is not a whole number reads as the default). */
export async function syncIntervalSettings(db: Db): Promise<{ minutes: number }> {
  const minutes = Number(await getSetting(db, SYNC_INTERVAL_SETTING, DEFAULT_SYNC_MINUTES));
  return { minutes: Number.isInteger(minutes) && minutes >= 0 ? minutes : DEFAULT_SYNC_MINUTES };
}

export async function putSyncInterval(db: Db, minutes: number): Promise<void> {
  await putSetting(db, SYNC_INTERVAL_SETTING, minutes);
}

export interface CatalogueSyncPayload {
  site_id: number;
}

/** The sync job: a failed run (its error recorded) is retried with backoff, five tries in all. */
export function catalogueSyncJob(db: Db, opts: SyncOptions, backoffBaseMs: number): JobDefinition<CatalogueSyncPayload> {
  return {
    backoff: { baseMs: backoffBaseMs, capMs: 3_600_000 },
    maxAttempts: 5,
    async handle(payload) {
      try {
        const r = await syncSite(db, payload.site_id, opts);
        if (r.problems.length) throw new Error(r.problems[0]);
      } catch (error) {
        // A site deleted since: nothing to retry.
        if (error instanceof NotFoundError) return;
        throw error;
      }
    },
  };
}

/** Queues a sync of the site now; a sync already waiting (or waiting to retry) is moved up instead. */
export async function requestSync(db: Db, siteId: number): Promise<{ queued: boolean; job_id: number }> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new NotFoundError('Site not found.');
  const waiting = await runWaitingNow(db, CATALOGUE_SYNC_JOB, 'site_id', String(siteId));
  if (waiting !== undefined) return { queued: false, job_id: waiting };
  const id = await enqueue(db, CATALOGUE_SYNC_JOB, { site_id: siteId } satisfies CatalogueSyncPayload);
  return { queued: true, job_id: id };
}

/**
 * Queues a sync for every site with a catalogue API whose last sync started longer ago than the
 * interval setting, unless one is already waiting. Safe on several instances at once: a second
 * sync of the same site changes nothing.
 */
export async function enqueueDueSyncs(db: Db, now = new Date()): Promise<number> {
  const minutes = Number(await getSetting(db, SYNC_INTERVAL_SETTING, DEFAULT_SYNC_MINUTES));
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  const due = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        or(isNotNull(sites.modelsApiUrl), isNotNull(sites.scenesApiUrl)),
        sql`not exists (select 1 from ${catalogueSyncs} s where s.site_id = ${sites.id} and s.started_at > ${new Date(now.getTime() - minutes * 60_000)})`,
        sql`not exists (select 1 from ${jobs} j where j.kind = ${CATALOGUE_SYNC_JOB} and j.done_at is null and j.payload->>'site_id' = ${sites.id}::text)`,
      ),
    );
  for (const s of due) await enqueue(db, CATALOGUE_SYNC_JOB, { site_id: s.id } satisfies CatalogueSyncPayload);
  return due.length;
}

/** Checks every minute for sites due a scheduled sync. Answers the stop function. */
export function scheduleSyncs(db: Db, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  const tick = () => void enqueueDueSyncs(db).catch((error: unknown) => log.warn({ err: error }, 'could not queue catalogue syncs'));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
