/**
 * What the crash and failover tests check after their load: the tracking set-up they load, and
 * that every acknowledged click and conversion is stored once with rollups equal to the rows.
 */
import { permissions } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { clicks, conversions, ledgerEntries } from '../../src/db/schema/index.ts';
import type { Acknowledged } from './click-load.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { createCatalogue, trackingLink } from './tracking.ts';
import { createAffiliate, createStaff, signIn } from './users.ts';

/** A site, a cpa offer paying $5.00 (500 cents) a signup and an affiliate's link, made through the API of `app`. */
export async function trackingSetup(app: FastifyInstance, mail: MailCatcher) {
  const staffUser = await createStaff(app, [...permissions]);
  const staff = await signIn(app, mail, staffUser.email, staffUser.password);
  const catalogue = await createCatalogue(app, staff, { name: 'failover', payoutType: 'cpa', payout: 5, goal: 'signup' });
  const affiliate = await createAffiliate(app);
  const link = await trackingLink(app, await signIn(app, mail, affiliate.email, affiliate.password), catalogue.offerId);
  return { ...catalogue, affiliateId: affiliate.id, affiliateEmail: affiliate.email, affiliatePassword: affiliate.password, linkPath: new URL(link.url).pathname };
}

/**
 * What the database holds for the offer after the load: every acknowledged click and conversion
 * once, and the rollups equal to the rows they count.
 */
export async function checkStored(db: Db, offerId: number, siteId: number, ack: Acknowledged) {
  const stored = (await db.select({ cid: clicks.cid }).from(clicks).where(eq(clicks.offerId, offerId))).map((r) => r.cid);
  const times = new Map<string, number>();
  for (const cid of stored) times.set(cid, (times.get(cid) ?? 0) + 1);
  const lost = ack.clicks.filter((cid) => !times.has(cid));
  const twice = [...times].filter(([, n]) => n > 1);
  expect(lost, 'acknowledged clicks missing from the database').toEqual([]);
  expect(twice, 'click ids stored more than once').toEqual([]);

  const acceptedRows = await db.select({ transactionId: conversions.transactionId, status: conversions.status, id: conversions.id }).from(conversions).where(eq(conversions.siteId, siteId));
  const byTransaction = new Map(acceptedRows.map((r) => [r.transactionId, r]));
  expect(ack.conversions.filter((t) => !byTransaction.has(t)), 'acknowledged conversions missing').toEqual([]);
  expect(byTransaction.size).toBe(acceptedRows.length);
  const accepted = acceptedRows.filter((r) => r.status === 'accepted');
  // One earning per accepted conversion, none for anything else.
  const [earned] = await db
    .select({ n: sql<number>`count(*)::int`, cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.kind} = 'earning' and ${ledgerEntries.conversionId} in (select id from conversions where site_id = ${siteId})`);
  expect(earned!.n).toBe(accepted.length);
  expect(earned!.cents).toBe(accepted.length * 500);

  // The rollups count exactly the rows: nothing counted for a click or conversion that was lost.
  for (const table of ['stats_daily', 'stats_daily_totals']) {
    const r: unknown = await db.execute(
      sql`select coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(conversions), 0)::int as conversions, coalesce(sum(earnings_cents), 0)::int as earnings from ${sql.identifier(table)} where offer_id = ${offerId}`,
    );
    const row = (r as { rows: unknown[] }).rows[0];
    expect({ table, ...(row as object) }).toEqual({ table, clicks: stored.length, conversions: accepted.length, earnings: accepted.length * 500 });
  }
  return { stored: stored.length, accepted: accepted.length };
}

