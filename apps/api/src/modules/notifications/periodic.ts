import { and, count, desc, eq, gt, isNull, lte, max, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { announcements, emailPreferences, jobs, periodicEmails, users } from '../../db/schema/index.ts';
import { affiliateScope } from '../../lib/scope.ts';
import { enqueue, enqueueMany, type JobDefinition } from '../jobs/index.ts';
import { getEmailNotifications } from '../settings/index.ts';
import { report } from '../statistics/index.ts';
import { addDays, statsDay } from '../../lib/days.ts';
import { type EmailDeps, sendOptionalEmail } from '../email/index.ts';
import { NETWORK_TIME_ZONE } from '@portal/contracts';

/**
 * The two periodic optional emails: the weekly statistics summary (Mondays, of the week before,
 * Monday to Sunday in America/Los_Angeles, the statistics' time zone) and the daily announcement
 * digest. Each runs on the durable job queue: one scheduled job fans out into a job per affiliate,
 * and each affiliate's email is claimed in `periodic_emails` before it is sent, so a run repeated
 * (a retry, a second instance, a restart) never sends twice.
 */
export const WEEKLY_SUMMARY_JOB = 'email.weekly-summary';
const WEEKLY_SUMMARY_ONE_JOB = 'email.weekly-summary.one';
export const DIGEST_JOB = 'email.announcement-digest';
const DIGEST_ONE_JOB = 'email.announcement-digest.one';

/** Local hour (America/Los_Angeles) of the runs: the summary Monday morning, the digest every morning. */
export const WEEKLY_SUMMARY_HOUR = 7;
export const DIGEST_HOUR = 8;
/** How many offers the summary lists, and how many titles the digest names before "and N more". */
const TOP_OFFERS = 3;
const DIGEST_TITLES = 20;
/** A digest never reaches further back than this (a first digest: one day). */
const DIGEST_MAX_DAYS = 7;
const DAY = 86_400_000;

type Deps = { db: Db; config: AppConfig } & EmailDeps;

const parts = new Intl.DateTimeFormat('en-US', { timeZone: NETWORK_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Los Angeles local time minus UTC at `date`, in ms. */
function offsetMs(date: Date): number {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return local - Math.floor(date.getTime() / 1000) * 1000;
}

/** The moment of `hour`:00 on the Los Angeles day `day` ('YYYY-MM-DD'). */
export function laMoment(day: string, hour: number): Date {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  let t = guess - offsetMs(new Date(guess));
  const again = guess - offsetMs(new Date(t));
  if (again !== t) t = again;
  return new Date(t);
}

/** The Monday ('YYYY-MM-DD') of the Los Angeles week `day` falls in. */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/** Monday to Sunday of the week before the one `now` falls in (Los Angeles days). */
export function lastWeek(now: Date): { from: string; to: string } {
  const monday = mondayOf(statsDay(now));
  return { from: addDays(monday, -7), to: addDays(monday, -1) };
}

/** The next weekly run after `now`: Monday 07:00 in Los Angeles. */
export function nextWeeklyRun(now: Date): Date {
  const thisWeek = laMoment(mondayOf(statsDay(now)), WEEKLY_SUMMARY_HOUR);
  return thisWeek > now ? thisWeek : laMoment(addDays(mondayOf(statsDay(now)), 7), WEEKLY_SUMMARY_HOUR);
}

/** The next digest run after `now`: 08:00 in Los Angeles. */
export function nextDigestRun(now: Date): Date {
  const today = laMoment(statsDay(now), DIGEST_HOUR);
  return today > now ? today : laMoment(addDays(statsDay(now), 1), DIGEST_HOUR);
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
/** "Nov 16 – Nov 22, 2026". */
export const weekLabel = (w: { from: string; to: string }) => `${shortDay.format(new Date(`${w.from}T12:00:00Z`))} – ${longDay.format(new Date(`${w.to}T12:00:00Z`))}`;

export const usd = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Schedules the first run of a recurring job unless one is pending (besides `except`, the run now ending). */
async function scheduleOnce(db: Db, kind: string, runAt: Date, except?: number): Promise<void> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), except === undefined ? undefined : ne(jobs.id, except)))
    .limit(1);
  if (!pending) await enqueue(db, kind, {}, { runAt });
}

/**
 * Claims the email of (kind, user, period), runs `send`, and keeps the claim only if it went out;
 * a failure lets the claim go, so the job's retry tries again.
 */
async function sendOnce(db: Db, claim: { kind: string; userId: number; period: string; coversUntil: Date }, send: () => Promise<boolean>): Promise<boolean> {
  const [claimed] = await db.insert(periodicEmails).values(claim).onConflictDoNothing().returning({ userId: periodicEmails.userId });
  if (!claimed) return false;
  const mine = and(eq(periodicEmails.kind, claim.kind), eq(periodicEmails.userId, claim.userId), eq(periodicEmails.period, claim.period));
  try {
    if (await send()) return true;
  } catch (error) {
    await db.delete(periodicEmails).where(mine);
    throw error;
  }
  await db.delete(periodicEmails).where(mine);
  return false;
}

/** Affiliates who may get an optional email of this kind: approved, active, and not opted out. */
function recipients(db: Db, column: typeof emailPreferences.news | typeof emailPreferences.weeklySummary) {
  return db
    .select({ id: users.id })
    .from(users)
    .leftJoin(emailPreferences, eq(emailPreferences.userId, users.id))
    .where(and(eq(users.isClient, true), eq(users.isActive, true), eq(users.approvalStatus, 'approved'), or(isNull(emailPreferences.userId), eq(column, true))))
    .orderBy(users.id);
}

export interface WeeklySummary {
  week: { from: string; to: string };
  clicks: number;
  uniqueClicks: number;
  conversions: number;
  earningsCents: number;
  topOffers: { label: string; clicks: number; conversions: number; earningsCents: number }[];
}

/** An affiliate's week, read by the Statistics report itself (the same rollup rows the screen sums). */
export async function weeklySummary(db: Db, affiliateId: number, week: { from: string; to: string }): Promise<WeeklySummary> {
  const byOffer = await report(db, affiliateScope(affiliateId), { ...week, group_by: 'offer' });
  const cents = (dollars: number) => Math.round(dollars * 100);
  return {
    week,
    clicks: byOffer.totals.clicks,
    uniqueClicks: byOffer.totals.unique_clicks,
    conversions: byOffer.totals.conversions,
    earningsCents: cents(byOffer.totals.earnings),
    topOffers: byOffer.rows
      .filter((r) => r.clicks > 0 || r.conversions > 0 || r.earnings !== 0)
      .slice(0, TOP_OFFERS)
      .map((r) => ({ label: r.label ?? r.key ?? '', clicks: r.clicks, conversions: r.conversions, earningsCents: cents(r.earnings) })),
  };
}

/** The template's values: figures formatted, the top offers one a line (escaped when the body is filled). */
export function weeklySummaryVars(s: WeeklySummary, publicUrl: string): Record<string, string> {
  return {
    week: weekLabel(s.week),
    clicks: s.clicks.toLocaleString('en-US'),
    unique_clicks: s.uniqueClicks.toLocaleString('en-US'),
    conversions: s.conversions.toLocaleString('en-US'),
    earnings: usd(s.earningsCents),
    top_offers: s.topOffers.length
      ? s.topOffers.map((o, i) => `${i + 1}. ${o.label}: ${usd(o.earningsCents)} (${plural(o.clicks, 'click', 'clicks')}, ${plural(o.conversions, 'conversion', 'conversions')})`).join('\n')
      : 'No offer had clicks or conversions that week.',
    link: `${publicUrl}/statistics?${new URLSearchParams({ from: s.week.from, to: s.week.to })}`,
  };
}

/** Sends one affiliate the summary of `week` (at most once). */
export async function sendWeeklySummary(deps: Deps, userId: number, week: { from: string; to: string }): Promise<boolean> {
  return sendOnce(deps.db, { kind: 'weekly_summary', userId, period: week.from, coversUntil: laMoment(addDays(week.to, 1), 0) }, async () => {
    const summary = await weeklySummary(deps.db, userId, week);
    return sendOptionalEmail(deps, userId, 'weekly_summary', 'weekly_summary', weeklySummaryVars(summary, deps.config.publicUrl));
  });
}

/** Every affiliate's summary of the week before `now`, in the calling process (the jobs fan out instead). */
export async function sendWeeklySummaries(deps: Deps, now: Date = new Date()): Promise<number> {
  const week = lastWeek(now);
  let sent = 0;
  for (const r of await recipients(deps.db, emailPreferences.weeklySummary)) if (await sendWeeklySummary(deps, r.id, week)) sent++;
  return sent;
}

/**
 * The announcement digest of one affiliate: what was published after their last digest (at most
 * 7 days back; a first digest: the last day) up to `cutoff`. Nothing new, no email.
 */
export async function sendAnnouncementDigest(deps: Deps, userId: number, cutoff: Date): Promise<boolean> {
  const [last] = await deps.db
    .select({ until: max(periodicEmails.coversUntil) })
    .from(periodicEmails)
    .where(and(eq(periodicEmails.kind, 'announcement_digest'), eq(periodicEmails.userId, userId)));
  const floor = cutoff.getTime() - DIGEST_MAX_DAYS * DAY;
  const since = new Date(Math.max(last?.until ? new Date(last.until).getTime() : cutoff.getTime() - DAY, floor));
  const window = and(gt(announcements.createdAt, since), lte(announcements.createdAt, cutoff));
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(announcements).where(window);
  if (n === 0) return false;
  return sendOnce(deps.db, { kind: 'announcement_digest', userId, period: statsDay(cutoff), coversUntil: cutoff }, async () => {
    const items = await deps.db.select({ title: announcements.title }).from(announcements).where(window).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(DIGEST_TITLES);
    const titles = items.map((a) => `• ${a.title}`);
    if (n > items.length) titles.push(`and ${n - items.length} more`);
    return sendOptionalEmail(deps, userId, 'news', 'announcement_digest', { count: n, titles: titles.join('\n'), link: `${deps.config.publicUrl}/announcements` });
  });
}

/** Every digest due at `cutoff` (skipped while staff send each announcement at once instead). */
export async function sendAnnouncementDigests(deps: Deps, cutoff: Date = new Date()): Promise<number> {
  if (!(await digestWanted(deps.db))) return 0;
  let sent = 0;
  for (const r of await recipients(deps.db, emailPreferences.news)) if (await sendAnnouncementDigest(deps, r.id, cutoff)) sent++;
  return sent;
}

/** The digest goes out when it is on and "News" (one email per announcement) is off, so no announcement is mailed twice. */
async function digestWanted(db: Db): Promise<boolean> {
  const on = await getEmailNotifications(db);
  return on.announcement_digest !== false && on.news === false;
}

const backoff = { baseMs: 60_000, capMs: 3_600_000 };

export function registerPeriodicEmailJobs(app: FastifyInstance): void {
  const deps: Deps = { db: app.db, config: app.config, mailer: app.mailer };

  app.jobs.register<Record<string, never>>(WEEKLY_SUMMARY_JOB, {
    backoff,
    async handle(_payload, ctx) {
      const now = new Date();
      const week = lastWeek(now);
      const rows = await recipients(app.db, emailPreferences.weeklySummary);
      await enqueueMany(app.db, rows.map((r) => ({ kind: WEEKLY_SUMMARY_ONE_JOB, payload: { userId: r.id, ...week } })));
      await scheduleOnce(app.db, WEEKLY_SUMMARY_JOB, nextWeeklyRun(now), ctx.id);
    },
  } satisfies JobDefinition<Record<string, never>>);

  app.jobs.register<{ userId: number; from: string; to: string }>(WEEKLY_SUMMARY_ONE_JOB, {
    backoff,
    async handle({ userId, from, to }) {
      await sendWeeklySummary(deps, userId, { from, to });
    },
  });

  app.jobs.register<Record<string, never>>(DIGEST_JOB, {
    backoff,
    async handle(_payload, ctx) {
      const now = new Date();
      if (await digestWanted(app.db)) {
        // A minute back: an announcement saved in a transaction still open now is in the next digest, not lost.
        const cutoff = new Date(now.getTime() - 60_000).toISOString();
        const rows = await recipients(app.db, emailPreferences.news);
        await enqueueMany(app.db, rows.map((r) => ({ kind: DIGEST_ONE_JOB, payload: { userId: r.id, cutoff } })));
      }
      await scheduleOnce(app.db, DIGEST_JOB, nextDigestRun(now), ctx.id);
    },
  });

  app.jobs.register<{ userId: number; cutoff: string }>(DIGEST_ONE_JOB, {
    backoff,
    async handle({ userId, cutoff }) {
      await sendAnnouncementDigest(deps, userId, new Date(cutoff));
    },
  });

  app.addHook('onReady', async () => {
    const now = new Date();
    await scheduleOnce(app.db, WEEKLY_SUMMARY_JOB, nextWeeklyRun(now)).catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule the weekly statistics summary'));
    await scheduleOnce(app.db, DIGEST_JOB, nextDigestRun(now)).catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule the announcement digest'));
  });
}

/** For tests and the demo: the runs pending of a recurring kind. */
export const pendingRuns = (db: Db, kind: string) => db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, kind), isNull(jobs.doneAt)));
