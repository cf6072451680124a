import { capMessages, NETWORK_TIME_ZONE, OVER_CAP_REASON } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/rows.ts';
import { capAlertVars } from '../src/modules/caps/index.ts';
import { releaseHeld } from '../src/modules/conversions/release.ts';
import { recordConversion } from '../src/modules/conversions/service.ts';
import { addDays, dayStart, statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { closeAppWithMail } from './support/people.ts';
import { appWithCatalogues, type Catalogue, click, convert, trackingLink } from './support/tracking.ts';
import { bearer } from './support/users.ts';

/**
 * Caps never leak (issue 27): a conversion takes its place under its offer's caps in the
 * transaction that records it, on both conversion paths (the batched writer behind the site API,
 * and `recordConversion` one by one), on PGlite and on PostgreSQL. Over a hard cap it is stored
 * rejected with the reason and moves no money; a payout cap never pays part; reversals give no room back.
 */
type Tokens = { access_token: string };
const mail = new MailCatcher();
let t: TestApp, staff: Tokens, alice: Tokens, bob: Tokens, aliceId: number, bobId: number;
let capped: Catalogue, refusedBatch: Catalogue, paid: Catalogue, direct: Catalogue, soft: Catalogue, own: Catalogue, approved: Catalogue, released: Catalogue, attached: Catalogue, late: Catalogue;
let seq = 0;
let ip = 0;

beforeAll(async () => {
  ({ t, staff, alice, bob, aliceId, bobId, catalogues: { capped, refusedBatch, paid, direct, soft, own, approved, released, attached, late } } = await appWithCatalogues(mail, ['offers', 'fraud', 'payouts'], {
    capped: { name: 'capvr', payoutType: 'cpa', payout: 10, goal: 'sale' },
    refusedBatch: { name: 'refusedcapvr', payoutType: 'cpa', payout: 10, goal: 'sale' },
    paid: { name: 'paycapvr', payoutType: 'cpa', payout: 10, goal: 'sale' },
    direct: { name: 'directcapvr', payoutType: 'cpa', payout: 7, goal: 'sale' },
    soft: { name: 'softcapvr', payoutType: 'cpa', payout: 5, goal: 'sale' },
    own: { name: 'owncapvr', payoutType: 'cpa', payout: 4, goal: 'sale' },
    approved: { name: 'approvecapvr', payoutType: 'cpa', payout: 6, goal: 'sale' },
    released: { name: 'releasecapvr', payoutType: 'cpa', payout: 6, goal: 'sale' },
    attached: { name: 'attachcapvr', payoutType: 'cpa', payout: 6, goal: 'sale' },
    late: { name: 'latecapvr', payoutType: 'cpa', payout: 10, goal: 'sale' },
  }));
  // A shared machine: making five sites and signing in three people can take a while.
}, 240_000);
afterAll(() => closeAppWithMail(t, mail));

const addCap = (offerId: number, body: Record<string, unknown>, who: Tokens = staff) => t.app.inject({ method: 'POST', url: `/v1/offers/${offerId}/caps`, headers: bearer(who), payload: body });

async function clickOn(offer: Catalogue, who: Tokens = alice) {
  const link = await trackingLink(t.app, who, offer.offerId);
  const visit = await click(t.app, link.url, { ip: `10.66.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  return visit.cid!;
}
const sale = (offer: Catalogue, cid: string) => convert(t.app, offer.apiKey, { cid, type: 'sale', amount: '50.00', transaction_id: `CAP-${++seq}` });

/** What the ledger paid on an offer, and what the statistics say was earned there. */
async function money(offerId: number) {
  const [m] = await rows<{ ledger: string; stats: string; accepted: string; rejected: string }>(
    t.app.db,
    sql`select (select coalesce(sum(amount_cents), 0) from ledger_entries where offer_id = ${offerId} and kind = 'earning')::text as ledger,
      (select coalesce(sum(earnings_cents), 0) from stats_daily where offer_id = ${offerId})::text as stats,
      (select count(*) from conversions where offer_id = ${offerId} and status = 'accepted')::text as accepted,
      (select count(*) from conversions where offer_id = ${offerId} and status = 'rejected' and reason = ${OVER_CAP_REASON})::text as rejected`,
  );
  return { ledger: Number(m!.ledger), stats: Number(m!.stats), accepted: Number(m!.accepted), rejected: Number(m!.rejected) };
}

describe('caps API', () => {
  it('adds, lists and deletes caps for staff with offers; refuses bad input and affiliates', async () => {
    const bad = await addCap(own.offerId, { metric: 'views', period: 'day', limit: '1.5' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['metric']);
    const fraction = await addCap(own.offerId, { metric: 'clicks', period: 'day', limit: '1.5' });
    expect(fraction.json().errors).toEqual({ limit: ['This field must be a whole number.'] });
    expect((await addCap(own.offerId, { metric: 'clicks', period: 'day', limit: 5 }, alice)).statusCode).toBe(403);
    expect((await addCap(999_999, { metric: 'clicks', period: 'day', limit: 5 })).statusCode).toBe(404);

    const made = await addCap(own.offerId, { metric: 'payout', period: 'week', limit: '12.50', affiliate_id: bobId });
    expect(made.statusCode).toBe(201);
    const cap = made.json().data;
    expect(cap).toMatchObject({ offer_id: own.offerId, metric: 'payout', period: 'week', limit: 12.5, mode: 'hard', alert_percent: 90, used: 0, affiliate: { id: bobId } });
    // A week ends at midnight in Los Angeles on a Monday.
    const reopens = new Date(cap.resets_at);
    expect(reopens.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-US', { timeZone: NETWORK_TIME_ZONE, weekday: 'long', hour: 'numeric', hourCycle: 'h23' }).format(reopens)).toBe('Monday, 00');

    const list = await t.app.inject({ method: 'GET', url: `/v1/offers/${own.offerId}/caps`, headers: bearer(staff) });
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([cap.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/offers/${own.offerId}/caps`, headers: bearer(alice) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.id}`, headers: bearer(staff) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.id}`, headers: bearer(staff) })).statusCode).toBe(404);
  });
});

describe('a hard conversion cap under many conversions at once', () => {
  it('pays exactly 10 of 50 sales sent together through the site API, the rest stored over cap with no money', async () => {
    expect((await addCap(capped.offerId, { metric: 'conversions', period: 'day', limit: 10 })).statusCode).toBe(201);
    const cid = await clickOn(capped);
    const replies = await Promise.all(Array.from({ length: 50 }, () => sale(capped, cid)));
    const data = replies.map((r) => r.json().data);
    expect(data.filter((d) => d.status === 'accepted')).toHaveLength(10);
    expect(data.filter((d) => d.status === 'rejected' && d.reason === OVER_CAP_REASON && d.earning === null)).toHaveLength(40);
    expect(await money(capped.offerId)).toEqual({ ledger: 10 * 1000, stats: 10 * 1000, accepted: 10, rejected: 40 });

    // A refund of a paid sale gives no room back.
    const refund = await convert(t.app, capped.apiKey, { cid, type: 'refund', amount: '50.00', transaction_id: `CAP-RF-${++seq}` });
    expect(refund.json().data.status).toBe('accepted');
    expect((await sale(capped, cid)).json().data).toMatchObject({ status: 'rejected', reason: OVER_CAP_REASON });
    const [used] = await rows<{ used: string }>(t.app.db, sql`select k.used::text from cap_counters k join caps c on c.id = k.cap_id where c.offer_id = ${capped.offerId}`);
    expect(used!.used).toBe('10');
  });

  it('a batch the database refuses gives back the room it took: its sales, retried one by one, take only their own', async () => {
    expect((await addCap(refusedBatch.offerId, { metric: 'conversions', period: 'day', limit: 10 })).statusCode).toBe(201);
    // A refusal by the database itself: a trigger refuses one transaction id, so the statement of the batch holding it fails.
    await t.app.db.execute(sql.raw(`create function refuse_cap_boom() returns trigger language plpgsql as $$ begin raise exception 'refused' using errcode = '23514'; end $$`));
    await t.app.db.execute(sql.raw(`create trigger refuse_cap_boom before insert on conversions for each row when (new.transaction_id = 'CAP-BOOM') execute function refuse_cap_boom()`));
    try {
      const cid = await clickOn(refusedBatch);
      const boom = convert(t.app, refusedBatch.apiKey, { cid, type: 'sale', amount: '50.00', transaction_id: 'CAP-BOOM' });
      const replies = await Promise.all(Array.from({ length: 6 }, () => sale(refusedBatch, cid)));
      expect((await boom).statusCode).toBe(500);
      expect(replies.map((r) => r.json().data.status)).toEqual(Array(6).fill('accepted'));
      // Only the six stored sales hold room: not the refused one, and not the batch's first attempt as well.
      const [used] = await rows<{ used: string }>(t.app.db, sql`select k.used::text from cap_counters k join caps c on c.id = k.cap_id where c.offer_id = ${refusedBatch.offerId}`);
      expect(used!.used).toBe('6');
      expect(await money(refusedBatch.offerId)).toEqual({ ledger: 6 * 1000, stats: 6 * 1000, accepted: 6, rejected: 0 });
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_cap_boom on conversions'));
      await t.app.db.execute(sql.raw('drop function refuse_cap_boom()'));
    }
  });

  it('pays exactly 10 of 50 recorded one by one at the same moment (the other conversion path)', async () => {
    expect((await addCap(direct.offerId, { metric: 'conversions', period: 'month', limit: 10 })).statusCode).toBe(201);
    const cid = await clickOn(direct);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => recordConversion(t.app.db, direct.siteId, { cid, type: 'sale', amount_minor: 5000, currency: 'USD', transaction_id: `CAP-D-${++seq}` } as never)),
    );
    expect(outcomes.filter((o) => o.status === 'accepted')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(40);
    expect(await money(direct.offerId)).toEqual({ ledger: 10 * 700, stats: 10 * 700, accepted: 10, rejected: 40 });
  });
});

describe('a cap added in the middle of its period', () => {
  it("starts from the period's clicks, conversions and earnings already recorded, and the next conversion is judged against them", async () => {
    // Today, before any cap: four clicks, three paid sales ($30), one of them Bob's.
    const aliceCids = [await clickOn(late), await clickOn(late), await clickOn(late)];
    const bobCid = await clickOn(late, bob);
    for (const cid of [aliceCids[0]!, aliceCids[1]!, bobCid]) expect((await sale(late, cid)).json().data.status).toBe('accepted');
    await t.app.clickWriter.drain();

    const conversions = (await addCap(late.offerId, { metric: 'conversions', period: 'day', limit: 4 })).json().data;
    const payout = (await addCap(late.offerId, { metric: 'payout', period: 'month', limit: '100', mode: 'soft' })).json().data;
    const clicks = (await addCap(late.offerId, { metric: 'clicks', period: 'week', limit: 1000, mode: 'soft' })).json().data;
    const bobs = (await addCap(late.offerId, { metric: 'conversions', period: 'total', limit: 5, affiliate_id: bobId })).json().data;
    expect([conversions.used, payout.used, clicks.used, bobs.used]).toEqual([3, 30, 4, 1]);

    // One more fits under the daily cap of 4; the next is over it.
    expect((await sale(late, aliceCids[2]!)).json().data.status).toBe('accepted');
    expect((await sale(late, aliceCids[2]!)).json().data).toMatchObject({ status: 'rejected', reason: OVER_CAP_REASON });
    const listed = (await t.app.inject({ method: 'GET', url: `/v1/offers/${late.offerId}/caps`, headers: bearer(staff) })).json().data as Array<{ id: number; used: number }>;
    expect(listed.map((c) => [c.id, c.used])).toEqual([
      [conversions.id, 4],
      [payout.id, 40],
      [clicks.id, 4],
      [bobs.id, 1],
    ]);
    expect(await money(late.offerId)).toMatchObject({ ledger: 4000, accepted: 4, rejected: 1 });
  });
});

describe('a payout cap', () => {
  it('never pays part: $25 at $10 a sale pays two sales of 30 sent at once, refusing the third whole', async () => {
    expect((await addCap(paid.offerId, { metric: 'payout', period: 'total', limit: '25' })).statusCode).toBe(201);
    const cid = await clickOn(paid);
    const replies = await Promise.all(Array.from({ length: 30 }, () => sale(paid, cid)));
    expect(replies.filter((r) => r.json().data.status === 'accepted').map((r) => r.json().data.earning)).toEqual([10, 10]);
    expect(await money(paid.offerId)).toEqual({ ledger: 2000, stats: 2000, accepted: 2, rejected: 28 });
  });
});

describe('a soft cap and the alert', () => {
  it('refuses nothing and enqueues one alert for staff when the threshold is crossed in the period', async () => {
    const cap = (await addCap(soft.offerId, { metric: 'conversions', period: 'day', limit: 4, mode: 'soft', alert_percent: 50 })).json().data;
    const cid = await clickOn(soft);
    const replies = await Promise.all(Array.from({ length: 8 }, () => sale(soft, cid)));
    expect(replies.every((r) => r.json().data.status === 'accepted')).toBe(true);
    const [alerts] = await rows<{ n: string }>(t.app.db, sql`select count(*)::text as n from jobs where kind = 'caps.alert' and (payload ->> 'cap_id')::int = ${cap.id}`);
    expect(alerts!.n).toBe('1');
    // The email says the cap is reached once its limit is (here passed: a soft cap), nearly below it.
    const payload = { cap_id: cap.id, period_start: statsDay(new Date()) };
    expect(await capAlertVars(t.app.db, payload, 'http://portal.test')).toMatchObject({ state: 'is reached', used: '8', limit: '4', percent: '200%' });
    await t.app.db.execute(sql`update cap_counters set used = 3 where cap_id = ${cap.id}`);
    expect(await capAlertVars(t.app.db, payload, 'http://portal.test')).toMatchObject({ state: 'is nearly reached', percent: '75%' });
  });
});

describe('an affiliate\'s own cap and the offers list', () => {
  it('closes the offer for that affiliate only, shows it capped with when it reopens, and leaves others paid', async () => {
    expect((await addCap(own.offerId, { metric: 'conversions', period: 'day', limit: 1, affiliate_id: aliceId })).statusCode).toBe(201);
    const aliceCid = await clickOn(own, alice);
    expect((await sale(own, aliceCid)).json().data.status).toBe('accepted');
    expect((await sale(own, aliceCid)).json().data.status).toBe('rejected');
    const bobCid = await clickOn(own, bob);
    expect((await sale(own, bobCid)).json().data.status).toBe('accepted');
    expect((await sale(own, bobCid)).json().data.status).toBe('accepted');

    const offersOf = async (who: Tokens) => (await t.app.inject({ method: 'GET', url: '/v1/offers?per_page=100', headers: bearer(who) })).json().data as Array<{ id: number; capped: unknown }>;
    const mine = (await offersOf(alice)).find((o) => o.id === own.offerId)!;
    expect(mine.capped).toEqual({ metric: 'conversions', period: 'day', reopens_at: dayStart(addDays(statsDay(new Date()), 1)).toISOString() });
    expect((await offersOf(bob)).find((o) => o.id === own.offerId)!.capped).toBeNull();
  });
});

describe('a conversion paid later takes its place under the caps then', () => {
  const oneADay = (offer: Catalogue) => addCap(offer.offerId, { metric: 'conversions', period: 'day', limit: 1 });
  const fraudRules = (rules: unknown[]) => t.app.inject({ method: 'PUT', url: '/v1/settings/fraud-rules', headers: bearer(staff), payload: { rules } });
  const statusOf = async (id: number) => (await rows<{ status: string; reason: string | null }>(t.app.db, sql`select status, reason from conversions where id = ${id}`))[0]!;

  it('approving a held conversion when the hard cap is full is refused and changes nothing; with room it is paid', async () => {
    const cap = (await oneADay(approved)).json().data;
    // Both clicks before the cap is full (then the offer's clicks go to the fallback).
    const [first, second] = [await clickOn(approved), await clickOn(approved)];
    expect((await sale(approved, first)).json().data.status).toBe('accepted');
    expect((await fraudRules([{ rule: 'min_seconds', value: 3600, action: 'hold' }])).statusCode).toBe(200);
    const held = (await sale(approved, second)).json().data;
    await fraudRules([]);
    expect(held.status).toBe('held');
    // Staff are told before approving: the held list marks it over the cap.
    const heldRow = async () => ((await t.app.inject({ method: 'GET', url: '/v1/fraud/held?per_page=100', headers: bearer(staff) })).json().data as Array<{ id: number; over_cap: boolean }>).find((r) => r.id === held.conversion_id)!;
    expect(await heldRow()).toMatchObject({ over_cap: true });

    const refused = await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${held.conversion_id}/approve`, headers: bearer(staff) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error_code: 'conflict', message: capMessages.capFull });
    expect(await statusOf(held.conversion_id)).toMatchObject({ status: 'held' });
    expect(await money(approved.offerId)).toMatchObject({ ledger: 600, accepted: 1 });
    // Bulk approval leaves it held too, named as skipped.
    const bulk = await t.app.inject({ method: 'POST', url: '/v1/fraud/held/bulk', headers: bearer(staff), payload: { action: 'approve', conversion_ids: [held.conversion_id] } });
    expect(bulk.json().data).toEqual({ approved: 0, rejected: 0, skipped: [held.conversion_id], skipped_reasons: [{ conversion_id: held.conversion_id, message: capMessages.capFull }] });

    // Staff make room: the approval pays it, and it takes its place under the caps that remain.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/caps/${cap.id}`, headers: bearer(staff) })).statusCode).toBe(200);
    expect(await heldRow()).toMatchObject({ over_cap: false });
    const ok = await t.app.inject({ method: 'POST', url: `/v1/fraud/held/${held.conversion_id}/approve`, headers: bearer(staff) });
    expect(ok.statusCode).toBe(200);
    expect(await money(approved.offerId)).toMatchObject({ ledger: 1200, stats: 1200, accepted: 2 });
  });

  it("a conversion released by its rate's arrival after the cap filled is stored over cap, moving no money", async () => {
    await oneADay(released);
    const waiting = (await convert(t.app, released.apiKey, { cid: await clickOn(released), type: 'sale', amount: '50.00', currency: 'CHF', transaction_id: `CAP-${++seq}` })).json().data;
    expect(waiting.status).toBe('held');
    expect((await sale(released, await clickOn(released))).json().data.status).toBe('accepted');
    await t.app.db.execute(sql`insert into exchange_rates (currency, day, rate, source) values ('CHF', ${statsDay(new Date())}, '1.25', 'staff')`);
    const out = await releaseHeld(t.app.db);
    expect(out.rejected).toBeGreaterThanOrEqual(1);
    expect(await statusOf(waiting.conversion_id)).toEqual({ status: 'rejected', reason: OVER_CAP_REASON });
    expect(await money(released.offerId)).toMatchObject({ ledger: 600, stats: 600, accepted: 1, rejected: 1 });
  });

  it('attaching an orphaned conversion when the hard cap is full is refused and leaves it orphaned', async () => {
    await oneADay(attached);
    // The click to attach it to is made while the offer takes clicks (once full, its clicks go to the fallback).
    const attachTo = await clickOn(attached);
    const orphan = (await convert(t.app, attached.apiKey, { cid: 'unknownclickid0000000', type: 'sale', amount: '50.00', transaction_id: `CAP-${++seq}` })).json().data;
    expect(orphan.status).toBe('orphaned');
    expect((await sale(attached, await clickOn(attached))).json().data.status).toBe('accepted');
    const res = await t.app.inject({ method: 'POST', url: `/v1/conversion-log/${orphan.conversion_id}/attach`, headers: bearer(staff), payload: { cid: attachTo } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(capMessages.capFull);
    expect(await statusOf(orphan.conversion_id)).toMatchObject({ status: 'orphaned' });
    expect(await money(attached.offerId)).toMatchObject({ ledger: 600, accepted: 1 });
  });
});
