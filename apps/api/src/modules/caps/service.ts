import type { Cap, CapMetric, CapMode, CapPeriod, capInputSchema, OfferCapped } from '@portal/contracts';
import { capMessages } from '@portal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { caps, offers, users } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { intArray, rows } from '../../db/rows.ts';
import { statsDay } from '../../lib/days.ts';
import { fromHundredths, toHundredths } from '../../lib/money-units.ts';
import { periodStart, reopensAt } from './periods.ts';

type Input = z.output<typeof capInputSchema>;
type CapRow = typeof caps.$inferSelect;

/** Payout caps are stored in cents and shown in dollars; the others are counts. */
const shown = (metric: string, n: number) => (metric === 'payout' ? fromHundredths(n) : n);

async function assertOffer(db: Db, offerId: number): Promise<void> {
  const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new NotFoundError('Offer not found.');
}

/** What each cap has taken in its current period, and the caps that refused a conversion in it. */
async function usedNow(db: Db, list: CapRow[], now: Date): Promise<Map<number, number> & { refused: Set<number> }> {
  const used = Object.assign(new Map<number, number>(), { refused: new Set<number>() });
  if (!list.length) return used;
  const found = await rows<{ cap_id: number; used: number | string; refused: boolean }>(
    db,
    sql`select k.cap_id, c.used, c.refused_at is not null as refused from unnest(${intArray(list.map((c) => c.id))}::int[], ${`{${list.map((c) => periodStart(c.period as CapPeriod, now)).join(',')}}`}::date[]) as k(cap_id, start)
      join cap_counters c on c.cap_id = k.cap_id and c.period_start = k.start`,
  );
  for (const r of found) {
    used.set(Number(r.cap_id), Number(r.used));
    if (r.refused) used.refused.add(Number(r.cap_id));
  }
  return used;
}

/** An offer's caps, the offer's own first, with what each has taken this period and when it reopens. */
export async function listCaps(db: Db, offerId: number, now = new Date()): Promise<Cap[]> {
  await assertOffer(db, offerId);
  const list = await db
    .select({ cap: caps, affName: users.name, affEmail: users.email })
    .from(caps)
    .leftJoin(users, eq(users.id, caps.affiliateId))
    .where(eq(caps.offerId, offerId))
    .orderBy(sql`${caps.affiliateId} nulls first`, asc(caps.id));
  const used = await usedNow(db, list.map((r) => r.cap), now);
  return list.map(({ cap, affName, affEmail }) => {
    const resets = reopensAt(cap.period as CapPeriod, now);
    return {
      id: cap.id,
      offer_id: cap.offerId,
      affiliate: cap.affiliateId ? { id: cap.affiliateId, name: affName ?? '', email: affEmail ?? '' } : null,
      metric: cap.metric as CapMetric,
      period: cap.period as CapPeriod,
      limit: shown(cap.metric, cap.limit),
      mode: cap.mode as CapMode,
      alert_percent: cap.alertPercent,
      used: shown(cap.metric, used.get(cap.id) ?? 0),
      full: cap.mode === 'hard' && ((used.get(cap.id) ?? 0) >= cap.limit || used.refused.has(cap.id)),
      resets_at: resets ? resets.toISOString() : null,
      created_at: cap.createdAt.toISOString(),
    };
  });
}

export async function createCap(db: Db, offerId: number, b: Input): Promise<Cap> {
  await assertOffer(db, offerId);
  if (b.affiliate_id) {
    const [aff] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, b.affiliate_id), eq(users.isClient, true)));
    if (!aff) throw new ValidationError({ affiliate_id: [capMessages.notAffiliate] });
  }
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(caps)
      .values({
        offerId,
        affiliateId: b.affiliate_id ?? null,
        metric: b.metric,
        period: b.period,
        limit: b.metric === 'payout' ? toHundredths(b.limit) : b.limit,
        mode: b.mode,
        alertPercent: Math.round(b.alert_percent),
      })
      .returning({ id: caps.id });
    await startFromRecorded(tx, { id: row!.id, offerId, affiliateId: b.affiliate_id ?? null, metric: b.metric, period: b.period }, now);
    return row!.id;
  });
  return (await listCaps(db, offerId, now)).find((c) => c.id === id)!;
}

/**
 * A cap added mid-period starts from what its period already recorded, as the statistics count
 * it (docs/caps.md): the offer's (or that affiliate's) counted clicks, conversions (signups and
 * sales) or earnings in cents, from the period's first day to today. Written as the period's
 * counter row, in the transaction that creates the cap, so the next conversion or click is judged
 * against it.
 */
async function startFromRecorded(tx: Db, cap: { id: number; offerId: number; affiliateId: number | null; metric: CapMetric; period: CapPeriod }, now: Date): Promise<void> {
  const start = periodStart(cap.period, now);
  const column = cap.metric === 'clicks' ? sql.raw('clicks') : cap.metric === 'conversions' ? sql.raw('conversions') : sql.raw('earnings_cents');
  const affiliate = cap.affiliateId === null ? sql`true` : sql`affiliate_id = ${cap.affiliateId}`;
  await tx.execute(sql`insert into cap_counters (cap_id, period_start, used)
    select ${cap.id}, ${start}::date, greatest(coalesce(sum(${column}), 0), 0) from stats_daily_totals
    where offer_id = ${cap.offerId} and ${affiliate} and day >= ${start}::date and day <= ${statsDay(now)}::date`);
}

/** Deletes a cap (and its counters); answers it as it was. */
export async function deleteCap(db: Db, id: number): Promise<Cap> {
  const [row] = await db.select({ offerId: caps.offerId }).from(caps).where(eq(caps.id, id));
  if (!row) throw new NotFoundError('Cap not found.');
  const before = (await listCaps(db, row.offerId)).find((c) => c.id === id)!;
  await db.delete(caps).where(eq(caps.id, id));
  return before;
}

/**
 * The offers a hard cap has closed for an affiliate right now (their own cap or the offer's), and
 * when each reopens: the latest reopening of the caps that are full.
 */
export async function cappedOffers(db: Db, affiliateId: number, offerIds: number[], now = new Date()): Promise<Map<number, OfferCapped>> {
  const closed = new Map<number, OfferCapped>();
  if (!offerIds.length) return closed;
  const list = await db
    .select()
    .from(caps)
    .where(and(sql`${caps.offerId} = any(${intArray(offerIds)}::int[])`, eq(caps.mode, 'hard'), sql`(${caps.affiliateId} is null or ${caps.affiliateId} = ${affiliateId})`));
  const used = await usedNow(db, list, now);
  for (const cap of list) {
    // Full: the limit reached, or (a payout cap with less room than an earning) a conversion refused this period.
    if ((used.get(cap.id) ?? 0) < cap.limit && !used.refused.has(cap.id)) continue;
    const reopens = reopensAt(cap.period as CapPeriod, now);
    const prev = closed.get(cap.offerId);
    // Closed until the last full cap reopens (a total cap never does).
    if (prev && (prev.reopens_at === null || (reopens && prev.reopens_at >= reopens.toISOString()))) continue;
    closed.set(cap.offerId, { metric: cap.metric as CapMetric, period: cap.period as CapPeriod, reopens_at: reopens ? reopens.toISOString() : null });
  }
  return closed;
}

