import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue, enqueueUnlessPending, type JobDefinition, type WorkerLog } from '../jobs/index.ts';
import { getSetting, putSetting } from '../settings/index.ts';
import { AddressRanges } from './datacenter.ts';

/** The daily refresh of the data-centre address list from `DATACENTER_LIST_URL` (its kind keeps the name it was first queued under, so waiting rows still run). */
export const DATACENTER_JOB = 'clicks.datacenter-refresh';
/** Where the last list loaded is kept, so every instance (and the next start) uses it. */
export const DATACENTER_SETTING = 'datacenter_ranges';
const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
const FETCH_TIMEOUT_MS = 30_000;
/** A list with fewer lines of ranges than this is taken for a broken download, not a shrunk list. */
const MIN_RANGES = 100;

interface StoredList {
  text: string;
  fetched_at: string;
  source: string;
}

/** The list last loaded by the job (any instance), with when; undefined when none was yet. */
export async function storedDatacenterList(db: Db): Promise<{ ranges: AddressRanges; fetchedAt: string } | undefined> {
  const stored = await getSetting<StoredList | null>(db, DATACENTER_SETTING, null);
  if (!stored?.text) return undefined;
  return { ranges: AddressRanges.parse(stored.text).ranges, fetchedAt: stored.fetched_at };
}

/** When the stored list was loaded, without reading the list itself. */
export async function storedDatacenterListTime(db: Db): Promise<string | undefined> {
  const r = (await db.execute(sql`select value->>'fetched_at' as at from settings where key = ${DATACENTER_SETTING}`)) as unknown as { rows: Array<{ at: string | null }> };
  return r.rows[0]?.at ?? undefined;
}

/**
 * Downloads the list, checks it (at least `MIN_RANGES` ranges, and not more bad lines than good
 * ones) and stores it. A failed download or a list that does not look like one changes nothing.
 */
export async function refreshDatacenterList(db: Db, url: string, now = new Date()): Promise<{ ok: true; ranges: AddressRanges } | { ok: false; error: string }> {
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) return { ok: false, error: `HTTP ${res.status}` };
    text = await res.text();
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const { ranges, lines, bad } = AddressRanges.parse(text);
  if (lines < MIN_RANGES || bad > lines) return { ok: false, error: `not a list of address ranges (${lines} ranges, ${bad} bad lines)` };
  await putSetting(db, DATACENTER_SETTING, { text, fetched_at: now.toISOString(), source: url } satisfies StoredList);
  return { ok: true, ranges };
}

/** Queues the first refresh (a minute after start) unless one is waiting. */
export async function scheduleDatacenterRefresh(db: Db, now = new Date()): Promise<void> {
  await enqueueUnlessPending(db, DATACENTER_JOB, {}, { runAt: new Date(now.getTime() + 60_000) });
}

/** The job: refresh, hand the new ranges to this instance's screen, and run again in a day (an hour after a failure). */
export function datacenterJob(db: Db, url: string, loaded: (ranges: AddressRanges) => void, log: WorkerLog): JobDefinition<Record<string, never>> {
  return {
    maxAttempts: 1,
    async handle() {
      const now = new Date();
      const result = await refreshDatacenterList(db, url, now);
      if (result.ok) {
        loaded(result.ranges);
        log.info({ ranges: result.ranges.size }, 'data-centre address list loaded');
      } else log.warn({ error: result.error }, 'data-centre address list could not be loaded; the last one stays');
      await enqueue(db, DATACENTER_JOB, {}, { runAt: new Date(now.getTime() + (result.ok ? DAY : HOUR)) });
    },
  };
}
