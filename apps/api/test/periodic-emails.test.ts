import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerEntries, users } from '../src/db/schema/index.ts';
import { enqueue } from '../src/modules/jobs/queue.ts';
import {
  DIGEST_JOB,
  laMoment,
  lastWeek,
  mondayOf,
  nextDigestRun,
  nextWeeklyRun,
  sendAnnouncementDigests,
  sendWeeklySummaries,
  usd,
  WEEKLY_SUMMARY_JOB,
} from '../src/modules/notifications/periodic.ts';
import { setEmailPreferences } from '../src/modules/email/preferences.ts';
import { getEmailNotifications, putEmailNotifications } from '../src/modules/settings/sections.ts';
import { addDays, statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { form } from './support/files.ts';
import { type CaughtMail, MailCatcher } from './support/mail-catcher.ts';
import { click, convert, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let staff: Tokens;
let aliceTokens: Tokens;
let alice: { id: number; email: string };
let bob: { id: number; email: string };
let carol: { id: number; email: string };
let dave: { id: number; email: string };
let erin: { id: number; email: string };

const deps = () => ({ db: t.app.db, config: t.app.config, mailer: t.app.mailer });
const to = (who: { email: string }, from: number, subject: RegExp) => mail.messages.slice(from).filter((m) => m.to.includes(who.email) && subject.test(m.subject));
const settle = () => new Promise((r) => setTimeout(r, 300));
const unfolded = (m: CaughtMail) => m.raw.replace(/\r?\n[ \t]+/g, ' ');

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const s = await createStaff(t.app, ['offers', 'statistics', 'announcements', 'settings']);
  const a = await createAffiliate(t.app);
  alice = a;
  bob = await createAffiliate(t.app);
  carol = await createAffiliate(t.app);
  dave = await createAffiliate(t.app);
  erin = await createAffiliate(t.app);
  // A name with markup: it must reach the email as text.
  await t.app.db.update(users).set({ name: '<i>Alice</i> Smith' }).where(eq(users.id, alice.id));
  await setEmailPreferences(t.app.db, bob.id, { weekly_summary: false, news: false });
  await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, carol.id));
  await t.app.db.update(users).set({ approvalStatus: 'pending' }).where(eq(users.id, dave.id));
  [staff, aliceTokens] = await Promise.all([signIn(t.app, mail, s.email, s.password), signIn(t.app, mail, a.email, a.password)]);
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

describe('weekly statistics summary', () => {
  it('is scheduled once, for Monday 07:00 in Los Angeles', async () => {
    const pending = await t.app.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, WEEKLY_SUMMARY_JOB), isNull(jobs.doneAt)));
    expect(pending).toHaveLength(1);
    const runAt = pending[0]!.runAt;
    expect(runAt.getTime()).toBe(nextWeeklyRun(new Date()).getTime());
    const local = new Intl.DateTimeFormat('en-US', { timeZone: NETWORK_TIME_ZONE, weekday: 'long', hour: 'numeric', minute: '2-digit' }).format(runAt);
    expect(local).toBe('Monday 7:00 AM');
    expect(runAt.getTime()).toBeGreaterThan(Date.now());
    expect(runAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it("sums last week's clicks, conversions and earnings as Statistics does, to the cent, with the top offers", async () => {
    const cpa = await createCatalogue(t.app, staff, { name: 'novavr', payoutType: 'cpa', payout: 12.5, goal: 'sale' });
    const rev = await createCatalogue(t.app, staff, { name: 'starvr', payoutType: 'revshare', payout: 33, goal: 'sale' });
    const cpaLink = await trackingLink(t.app, aliceTokens, cpa.offerId);
    const revLink = await trackingLink(t.app, aliceTokens, rev.offerId);
    const cids: string[] = [];
    for (let i = 0; i < 4; i++) cids.push((await click(t.app, cpaLink.url, { ip: `81.2.69.${10 + i}` })).cid!);
    const revCids: string[] = [];
    for (let i = 0; i < 3; i++) revCids.push((await click(t.app, revLink.url, { ip: `81.2.70.${10 + i}` })).cid!);
    expect((await convert(t.app, cpa.apiKey, { cid: cids[0], type: 'sale', amount: 30, transaction_id: 'W-1' })).statusCode).toBeLessThan(300);
    expect((await convert(t.app, cpa.apiKey, { cid: cids[1], type: 'sale', amount: 30, transaction_id: 'W-2' })).statusCode).toBeLessThan(300);
    expect((await convert(t.app, rev.apiKey, { cid: revCids[0], type: 'sale', amount: 19.99, transaction_id: 'W-3' })).statusCode).toBeLessThan(300);
    expect((await convert(t.app, rev.apiKey, { cid: revCids[1], type: 'sale', amount: 7.77, transaction_id: 'W-4' })).statusCode).toBeLessThan(300);
    // Monday's digest runs long after the clicks reached the rollups (their journal is merged within a second).
    await t.app.clickWriter.drain();

    // Run as if it were next Monday morning: "last week" is the week of today's clicks. Twice at once (two instances).
    const now = laMoment(addDays(mondayOf(statsDay(new Date())), 7), 7);
    const week = lastWeek(now);
    expect(week.from <= statsDay(new Date()) && statsDay(new Date()) <= week.to).toBe(true);
    expect(addDays(week.from, 6)).toBe(week.to);
    expect(new Date(`${week.from}T12:00:00Z`).getUTCDay()).toBe(1);
    const before = mail.messages.length;
    const [one, two] = await Promise.all([sendWeeklySummaries(deps(), now), sendWeeklySummaries(deps(), now)]);
    expect(one + two).toBe(2); // alice and erin
    await settle();

    const stats = (await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${week.from}&to=${week.to}`, headers: bearer(aliceTokens) })).json();
    const byOffer = (await t.app.inject({ method: 'GET', url: `/v1/statistics/daily?from=${week.from}&to=${week.to}&group_by=offer`, headers: bearer(aliceTokens) })).json();
    const totals = stats.meta.totals;
    const cents = Math.round(totals.earnings * 100);
    // 2 x $12.50 plus 33% of $19.99 and of $7.77, each as the ledger rounds it.
    expect(cents).toBeGreaterThan(2500 + 900);
    expect(cents).toBeLessThan(2500 + 918);
    const dailyCents = stats.data.reduce((sum: number, d: { earnings: number }) => sum + Math.round(d.earnings * 100), 0);
    expect(dailyCents).toBe(cents);
    // And the ledger's earning rows of those days hold the same cents.
    const [ledger] = await t.app.db
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.affiliateId, alice.id), eq(ledgerEntries.kind, 'earning'), gte(ledgerEntries.day, week.from), lte(ledgerEntries.day, week.to)));
    expect(Number(ledger!.cents)).toBe(cents);

    const mine = to(alice, before, /^Your week on /);
    expect(mine).toHaveLength(1);
    const m = mine[0]!;
    // The network's one brand name (Global Settings, Network details) names it in every email.
    expect(m.subject).toBe(`Your week on ${(await t.app.inject({ method: 'GET', url: '/v1/settings/network-details', headers: bearer(staff) })).json().data.name}: ${usd(cents)} earned`);
    expect(totals.clicks).toBe(7);
    expect(totals.conversions).toBe(4);
    expect(m.text).toContain('Clicks: 7');
    expect(m.text).toContain('Conversions: 4');
    expect(m.text).toContain(`Earnings: ${usd(cents)}`);
    const top = byOffer.data as { label: string; earnings: number; clicks: number; conversions: number }[];
    expect(top[0]!.label).toBe('novavr cpa');
    expect(m.text).toContain(`1. novavr cpa: ${usd(Math.round(top[0]!.earnings * 100))} (4 clicks, 2 conversions)`);
    expect(m.text).toContain(`2. starvr revshare: ${usd(Math.round(top[1]!.earnings * 100))} (3 clicks, 2 conversions)`);
    expect(Math.round(top[0]!.earnings * 100) + Math.round(top[1]!.earnings * 100)).toBe(cents);
    // The name is text, never markup; the link opens the week in Statistics.
    expect(m.text).toContain('Hello &lt;i&gt;Alice&lt;/i&gt;,');
    expect(m.text.slice(m.text.indexOf('Content-Type: text/html'))).not.toContain('<i>Alice</i>');
    expect(m.text).toContain(`http://portal.test/statistics?from=${week.from}&to=${week.to}`);
    // One-click unsubscribe (RFC 8058) for this kind.
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded(m));
    expect(new URL(header![1]!).searchParams.get('k')).toBe('weekly_summary');
    expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // An affiliate without activity still hears of the week; nobody who opted out, is inactive or pending.
    expect(to(erin, before, /^Your week on .*: \$0\.00 earned$/)).toHaveLength(1);
    for (const who of [bob, carol, dave]) expect(to(who, before, /^Your week on /)).toEqual([]);

    // Run again: nothing more is sent for that week.
    expect(await sendWeeklySummaries(deps(), now)).toBe(0);
    await settle();
    expect(to(alice, before, /^Your week on /)).toHaveLength(1);
  });

  it('comes from its editable template, listed with its variables', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/v1/email-templates', headers: bearer(staff) })).json().data as { type: string; variables: string[]; optional: boolean }[];
    const summary = list.find((x) => x.type === 'weekly_summary')!;
    expect(summary.optional).toBe(true);
    expect(summary.variables).toEqual(expect.arrayContaining(['week', 'clicks', 'conversions', 'earnings', 'top_offers', 'link']));
    const bad = await t.app.inject({ method: 'PUT', url: '/v1/email-templates/weekly_summary', headers: bearer(staff), payload: { subject: 'Week {{payout_total}}', body: '<p>x</p>' } });
    expect(bad.statusCode).toBe(422);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/email-templates/weekly_summary',
      headers: bearer(staff),
      payload: { subject: 'Stats: {{clicks}} clicks', body: '<p>{{clicks}} clicks, {{earnings}}</p><p>{{top_offers}}</p>' },
    });
    expect(saved.statusCode).toBe(200);
    // The job itself: due now, it fans out and sends from the edited template, then books next Monday.
    await t.app.db.delete(jobs).where(eq(jobs.kind, WEEKLY_SUMMARY_JOB));
    const before = mail.messages.length;
    await enqueue(t.app.db, WEEKLY_SUMMARY_JOB, {});
    const m = await mail.waitFor(erin.email, /^Stats: 0 clicks$/, before);
    expect(m.text).toContain('0 clicks, $0.00');
    await settle();
    const pending = await t.app.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, WEEKLY_SUMMARY_JOB), isNull(jobs.doneAt)));
    expect(pending.map((p) => p.runAt.getTime())).toEqual([nextWeeklyRun(new Date()).getTime()]);
  });
});

describe('announcement digest', () => {
  async function publish(title: string) {
    const res = await t.app.inject({ method: 'POST', url: '/v1/announcements', headers: bearer(staff), payload: form({ title, description: '<p>Hi</p>' }) });
    expect(res.statusCode).toBe(201);
  }

  it('is scheduled daily at 08:00 in Los Angeles', async () => {
    const pending = await t.app.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, DIGEST_JOB), isNull(jobs.doneAt)));
    expect(pending.map((p) => p.runAt.getTime())).toEqual([nextDigestRun(new Date()).getTime()]);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: NETWORK_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(pending[0]!.runAt)).toBe('8:00 AM');
  });

  it("gathers the announcements published since the last digest, once, for those who want news", async () => {
    const before = mail.messages.length;
    await publish('Q&A night with <b>NovaVR</b>');
    await publish('Payouts now also by USDT');
    await settle();
    // Announcements no longer mail one by one unless staff turn "News" on.
    expect(mail.messages.slice(before).filter((m) => /^News: /.test(m.subject))).toEqual([]);

    const cutoff = new Date();
    const [a, b] = await Promise.all([sendAnnouncementDigests(deps(), cutoff), sendAnnouncementDigests(deps(), cutoff)]);
    expect(a + b).toBe(2); // alice and erin
    await settle();
    const digest = to(alice, before, /^News digest from .*: 2 new$/);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('Q&amp;A night with &lt;b&gt;NovaVR&lt;/b&gt;');
    expect(digest[0]!.text).toContain('Payouts now also by USDT');
    expect(new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(unfolded(digest[0]!))![1]!).searchParams.get('k')).toBe('news');
    for (const who of [bob, carol, dave]) expect(to(who, before, /^News digest/)).toEqual([]);

    // Nothing new: no digest. Then only what came after the last one.
    expect(await sendAnnouncementDigests(deps(), new Date(cutoff.getTime() + 3_600_000))).toBe(0);
    await publish('Halloween creatives are ready');
    const tomorrow = new Date(cutoff.getTime() + 86_400_000);
    const mid = mail.messages.length;
    expect(await sendAnnouncementDigests(deps(), tomorrow)).toBe(2);
    const next = await mail.waitFor(alice.email, /^News digest from .*: 1 new$/, mid);
    expect(next.text).toContain('Halloween creatives are ready');
    expect(next.text).not.toContain('Payouts now also by USDT');
    expect(await sendAnnouncementDigests(deps(), tomorrow)).toBe(0);
  });

  it('is not sent while staff mail each announcement at once ("News" on)', async () => {
    const current = await getEmailNotifications(t.app.db);
    await putEmailNotifications(t.app.db, { ...current, news: true });
    const before = mail.messages.length;
    await publish('Summer sale');
    await mail.waitFor(alice.email, /^News: Summer sale/, before);
    expect(await sendAnnouncementDigests(deps(), new Date(Date.now() + 3 * 86_400_000))).toBe(0);
    await putEmailNotifications(t.app.db, current);
  });
});
