import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickRollupJournal, clicks } from '../src/db/schema/index.ts';
import { newClickIdAt } from '../src/modules/clicks/click-id.ts';
import { mergeClickJournal } from '../src/modules/clicks/rollup-journal.ts';
import { statsDay } from '../src/lib/days.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { createAffiliate, signIn } from './support/users.ts';

let t: TestApp;
const mail = new MailCatcher();
let affiliateId: number;
let cat: Awaited<ReturnType<typeof createCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  affiliateId = (await createAffiliate(t.app)).id;
  const owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  cat = await createCatalogue(t.app, owner, { name: 'journal', payoutType: 'cpa', payout: 5, goal: 'sale' });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const rows = async (query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The rollups' clicks per key of the offer, against the clicks themselves, key by key. */
async function rollupsAgainstClicks(offerId: number) {
  const byKey = (table: string, key: string) =>
    rows(sql`select ${sql.raw(key)} as key, sum(clicks)::int as clicks, sum(unique_clicks)::int as unique_clicks from ${sql.identifier(table)} where offer_id = ${offerId} group by 1 order by 1`);
  const fromClicks = (key: string) =>
    rows(sql`select ${sql.raw(key)} as key, count(*)::int as clicks, (count(*) filter (where is_unique))::int as unique_clicks from clicks where offer_id = ${offerId} group by 1 order by 1`);
  const wideKey = "concat_ws('|', country, device, sub1)";
  const clicksWideKey = "concat_ws('|', coalesce(country, ''), device, coalesce(sub1, ''))";
  return {
    wide: await byKey('stats_daily', wideKey),
    wideExpected: await fromClicks(clicksWideKey),
    totals: await byKey('stats_daily_totals', 'day::text'),
    totalsExpected: await fromClicks('day::text'),
  };
}

describe('click rollup journal', () => {
  it('adds each click to both rollups exactly once, with merges running at the same time', async () => {
    const now = new Date();
    const base = { affiliateId, offerId: cat.offerId, siteId: cat.siteId, campaignId: null, landingPageId: null, linkId: null, creative: null, sub2: null, sub3: null, sub4: null, sub5: null, isBot: false, invalidReason: null, smartLinkId: null };
    const write = (i: number) =>
      t.app.clickWriter.write({
        ...base,
        cid: newClickIdAt(now.getTime()),
        createdAt: now,
        day: statsDay(now),
        country: ['DE', 'US', null][i % 3]!,
        device: ['desktop', 'mobile'][i % 2]!,
        sub1: i % 5 === 0 ? `tube-${i % 4}` : null,
        // 40 visitors: the first click of each is unique.
        visitorHash: `journal-visitor-${i % 40}`,
      });
    // Clicks arrive in waves while merges (the instance's own every 200 ms, and these) run alongside.
    for (let wave = 0; wave < 5; wave++) {
      const merges = [mergeClickJournal(t.app.db), mergeClickJournal(t.app.db, { wait: true }), mergeClickJournal(t.app.db)];
      await Promise.all([...Array.from({ length: 60 }, (_, i) => write(wave * 60 + i)), ...merges]);
    }
    await t.app.clickWriter.drain();

    const [left] = await rows(sql`select count(*)::int as n from click_rollup_journal where offer_id = ${cat.offerId}`);
    expect(left).toEqual({ n: 0 });
    const stored = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(clicks).where(eq(clicks.offerId, cat.offerId));
    expect(stored[0]!.n).toBe(300);
    const r = await rollupsAgainstClicks(cat.offerId);
    expect(r.wide).toEqual(r.wideExpected);
    expect(r.totals).toEqual(r.totalsExpected);
    expect(r.totals).toEqual([{ key: statsDay(now), clicks: 300, unique_clicks: 40 }]);
  });

  it('keeps journal rows a merge could not finish: they are merged by the next one', async () => {
    const now = new Date();
    const day = statsDay(now);
    const before = await rows(sql`select coalesce(sum(clicks), 0)::int as clicks from stats_daily_totals where offer_id = ${cat.offerId}`);
    await t.app.clickWriter.drain();
    // A merge whose transaction is rolled back (as a crash would): nothing is added, nothing taken from the journal.
    await t.app.db.insert(clickRollupJournal).values(
      Array.from({ length: 3 }, () => ({ day, affiliateId, offerId: cat.offerId, siteId: cat.siteId, campaignId: 0, country: '', device: 'vr', sub1: '', sub2: '', sub3: '', sub4: '', sub5: '', creative: '', isUnique: false })),
    );
    // The instance's own merge, every second, may take them first (then this one finds none): either way the sum below tells.
    const failed = t.app.db.transaction(async (tx) => {
      expect([0, 3]).toContain(await mergeClickJournal(tx, { wait: true }));
      throw new Error('crash in the middle of the merge');
    });
    await expect(failed).rejects.toThrow('crash in the middle of the merge');
    const [kept] = await rows(sql`select count(*)::int as n from click_rollup_journal where offer_id = ${cat.offerId}`);
    // The instance's own merge may already have taken them, but never twice: the sum tells.
    await t.app.clickWriter.drain();
    const after = await rows(sql`select coalesce(sum(clicks), 0)::int as clicks from stats_daily_totals where offer_id = ${cat.offerId}`);
    expect((after[0]!.clicks as number) - (before[0]!.clicks as number)).toBe(3);
    expect((kept as { n: number }).n).toBeLessThanOrEqual(3);
  });
});
