/**
 * Clicks through the spool (CLICK_SPOOL=always: every click is appended to DATA_DIR and loaded in
 * large batches): answered, stored once however often a spool file is loaded, in the statistics
 * within about a second.
 */
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOOL_DIR } from '../src/modules/clicks/spool.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { after } from './support/click-load.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { createAffiliate, signIn } from './support/users.ts';

let t: TestApp;
const mail = new MailCatcher();
let offerId: number;
let linkUrl: string;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), CLICK_SPOOL: 'always' });
  const owner = await signIn(t.app, mail, 'owner@example.com', 'owner-password-1');
  const cat = await createCatalogue(t.app, owner, { name: 'spooled', payoutType: 'cpa', payout: 5, goal: 'sale' });
  offerId = cat.offerId;
  const affiliate = await createAffiliate(t.app);
  linkUrl = (await trackingLink(t.app, await signIn(t.app, mail, affiliate.email, affiliate.password), offerId)).url;
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const one = async (query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: Record<string, number>[] }).rows[0]!;
const stored = () => one(sql`select count(*)::int as n, count(distinct cid)::int as distinct_ids, (count(*) filter (where is_unique))::int as uniques from clicks where offer_id = ${offerId}`);
const counted = () => one(sql`select coalesce(sum(clicks), 0)::int as n, coalesce(sum(unique_clicks), 0)::int as uniques from stats_daily_totals where offer_id = ${offerId}`);

describe('clicks through the spool', () => {
  it('answers each click, then has it in the statistics within about a second, once', async () => {
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => click(t.app, linkUrl, { ip: `81.2.70.${i % 30}` })));
    expect(answers.filter((a) => a.status !== 302 || !a.cid)).toEqual([]);
    const answeredAt = Date.now();
    while ((await counted()).n! < 120 && Date.now() - answeredAt < 5000) await after(20);
    const ms = Date.now() - answeredAt;
    expect(ms).toBeLessThan(1500);
    // 30 visitors: the first click of each is unique, decided when loaded.
    expect(await stored()).toEqual({ n: 120, distinct_ids: 120, uniques: 30 });
    expect(await counted()).toEqual({ n: 120, uniques: 30 });
    expect(t.app.clickWriter.spoolStats.spooled).toBeGreaterThanOrEqual(120);
  });

  it('stores a spooled click once even when its file is loaded again (a crash between loading and deleting it)', async () => {
    const spoolDir = join(t.config.dataDir, SPOOL_DIR);
    // Keep a copy of the file as it is taken for loading, and put it back once it was loaded.
    const spool = t.app.clickWriter.spool;
    const take = spool.take.bind(spool);
    const copies: string[] = [];
    spool.take = async () => {
      const files = await take();
      for (const f of files) {
        copyFileSync(f, `${f}.copy`);
        copies.push(f);
      }
      return files;
    };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => click(t.app, linkUrl, { ip: `81.2.71.${i}` })));
    expect(answers.filter((a) => a.status !== 302)).toEqual([]);
    await t.app.clickWriter.drain();
    spool.take = take;
    expect(copies.length).toBeGreaterThan(0);
    for (const f of copies) copyFileSync(`${f}.copy`, f);
    expect(readdirSync(spoolDir).filter((f) => f.startsWith('loading-') && f.endsWith('.jsonl')).length).toBe(copies.length);
    await t.app.clickWriter.drain();
    expect(copies.every((f) => !existsSync(f))).toBe(true);
    expect(await stored()).toEqual({ n: 170, distinct_ids: 170, uniques: 80 });
    expect(await counted()).toEqual({ n: 170, uniques: 80 });
  });
});
