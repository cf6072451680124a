import { type ClickInvalidReason, type ClickScreeningSettings, clickScreeningSettingsSchema, defaultClickScreeningSettings } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { getSetting } from '../settings/index.ts';
import { type AddressRanges, shippedDatacenterRanges } from './datacenter.ts';
import { DATACENTER_JOB, datacenterJob, scheduleDatacenterRefresh, storedDatacenterList, storedDatacenterListTime } from './datacenter-refresh.ts';

/** Global Settings key of click screening (actions per reason, the repeat and burst windows). */
export const CLICK_SCREENING_SETTING = 'click_screening';

/** Stored settings read over the defaults: a value saved before a field existed still reads whole. */
export async function getClickScreeningSettings(db: Db): Promise<ClickScreeningSettings> {
  const stored = await getSetting<Partial<ClickScreeningSettings>>(db, CLICK_SCREENING_SETTING, {});
  const merged = { ...defaultClickScreeningSettings, ...stored, actions: { ...defaultClickScreeningSettings.actions, ...stored.actions } };
  const parsed = clickScreeningSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultClickScreeningSettings;
}

/** How many visitors (and visitor-link pairs) an instance remembers for repeats and bursts. */
const REMEMBERED = 200_000;

/** A bounded map whose oldest entries go first (a Map iterates in insertion order). */
class Recent<V> {
  private readonly map = new Map<string, V>();
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > REMEMBERED) this.map.delete(this.map.keys().next().value!);
  }
}

/**
 * Click screening on the redirect, in memory: nothing here waits on the database. The settings are
 * read again at most every `ttlMs` (in the background: a click uses what was last read), the
 * data-centre ranges are swapped in whole when the refresh job loads new ones.
 *
 * Repeats and bursts are counted per instance: behind a balancer that spreads one visitor over
 * several instances, each sees its share (docs/fraud-clicks.md).
 */
export class ClickScreen {
  private settings: ClickScreeningSettings = defaultClickScreeningSettings;
  private readAt = 0;
  private reading: Promise<void> | undefined;
  private readonly lastOnLink = new Recent<number>();
  private readonly bursts = new Recent<{ since: number; count: number }>();
  private readonly db: Db;
  private readonly ttlMs: number;
  datacenter: AddressRanges;

  constructor(db: Db, datacenter: AddressRanges, ttlMs: number) {
    this.db = db;
    this.datacenter = datacenter;
    this.ttlMs = ttlMs;
  }

  /** Reads the settings now (at start, and when staff change them on this instance). */
  async reload(): Promise<void> {
    this.settings = await getClickScreeningSettings(this.db);
    this.readAt = Date.now();
  }

  /** The settings as the redirect uses them, read again in the background once stale. */
  current(now = Date.now()): ClickScreeningSettings {
    if (now - this.readAt >= this.ttlMs && !this.reading) {
      this.reading = this.reload()
        .catch(() => undefined)
        .finally(() => (this.reading = undefined));
    }
    return this.settings;
  }

  /**
   * The click's invalid reason, or null. Every click but a bot's is remembered for the repeat and
   * burst checks, whatever it is found to be (a visitor who keeps clicking stays flagged); a
   * browser's prefetch is not, so the visitor's own click after it is not a repeat.
   */
  screen(c: { isBot: boolean; ip: string; visitorHash: string; linkKey: string }, now = Date.now()): ClickInvalidReason | null {
    if (c.isBot) return 'bot';
    const s = this.current(now);
    const onLink = `${c.linkKey}|${c.visitorHash}`;
    const previous = this.lastOnLink.get(onLink);
    this.lastOnLink.set(onLink, now);
    let burst = this.bursts.get(c.visitorHash);
    if (!burst || now - burst.since >= s.burst_window_seconds * 1000) burst = { since: now, count: 0 };
    burst.count++;
    this.bursts.set(c.visitorHash, burst);

    if (this.datacenter.has(c.ip)) return 'datacenter';
    if (previous !== undefined && now - previous < s.repeat_window_seconds * 1000) return 'repeat';
    if (burst.count > s.burst_clicks) return 'burst';
    return null;
  }
}

/**
 * The redirect's screen, ready: the settings read, the data-centre list the refresh job loaded on
 * any instance (read again every 10 minutes when it changed, the shipped one until then), the
 * refresh job registered and scheduled. Decorates the app with it (`app.clickScreen`, which the
 * settings' routes reload). The clicks module calls it once and asks `screen` on every click.
 */
export async function startClickScreening(app: FastifyInstance, ttlMs: number): Promise<ClickScreen> {
  const screen = new ClickScreen(app.db, shippedDatacenterRanges(), ttlMs);
  app.decorate('clickScreen', screen);
  let listAt: string | undefined;
  await screen.reload();
  await loadStoredDatacenterList();
  async function loadStoredDatacenterList(): Promise<void> {
    const at = await storedDatacenterListTime(app.db);
    if (!at || at === listAt) return;
    const stored = await storedDatacenterList(app.db);
    if (stored) {
      screen.datacenter = stored.ranges;
      listAt = stored.fetchedAt;
    }
  }
  const listCheck = setInterval(() => void loadStoredDatacenterList().catch((err: unknown) => app.log.warn({ err }, 'could not read the data-centre address list')), 10 * 60_000);
  listCheck.unref();
  app.jobs.register(DATACENTER_JOB, datacenterJob(app.db, app.config.datacenterListUrl, (ranges) => (screen.datacenter = ranges), app.log));
  app.addHook('onReady', async () => {
    await scheduleDatacenterRefresh(app.db).catch((err: unknown) => app.log.warn({ err }, 'could not schedule the data-centre list refresh'));
  });
  app.addHook('preClose', async () => clearInterval(listCheck));
  return screen;
}
