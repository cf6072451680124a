import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, intArray, rows, textArray } from './sql.ts';

/**
 * Which ledger rows a payout covers (docs/money.md, Window): the affiliate's own movements created
 * from the previous payout's cutoff up to this one's, plus the returns of rejected payouts written
 * since the previous payout was made. Windows follow one another, so no row is ever paid twice
 * and the ledger is never updated.
 */

/** Each affiliate's latest payout: where their next window starts. */
const lastPayouts = sql`(select distinct on (affiliate_id) affiliate_id, cutoff, created_at from payouts order by affiliate_id, id desc)`;

/** The window condition on a ledger row `l` joined to its affiliate's latest payout `last`. */
const uncovered = (before: Date | SQL): SQL => sql`(
      (l.payout_id is null and l.created_at < ${before} and (last.cutoff is null or l.created_at >= last.cutoff))
      or (l.payout_id is not null and l.reverses_id is not null and (last.created_at is null or l.created_at >= last.created_at))
    )`;

/** The rows of affiliates not yet in any payout, created before `before` (returns: any time). */
export function uncoveredRows(before: Date | SQL, affiliateFilter: SQL = sql`true`): SQL {
  return sql`select l.*
    from ledger_entries l
    left join ${lastPayouts} last on last.affiliate_id = l.affiliate_id
    where ${affiliateFilter} and ${uncovered(before)}`;
}

/** Affiliates whose window ends earlier than the close's cutoff (a longer hold that follows risk): each one's own cutoff. */
export interface EarlierCutoffs {
  ids: number[];
  cutoffs: Date[];
}

/**
 * What a close with this cutoff would pay each affiliate: the sum of their window when it is
 * positive, with the window's end (`cutoff`: the close's, or the affiliate's own earlier one) and
 * where it started (their latest payout's cutoff and creation). One scan of the ledger, one join;
 * grouped by the affiliate alone (a hash of one integer, not of the affiliate and two moments), the
 * window's start joined again to the 10,000-odd sums.
 */
export function uncoveredSums(before: Date, earlier: EarlierCutoffs = { ids: [], cutoffs: [] }): SQL {
  // With no earlier cutoffs the statement has no join of them: the window's end is the close's.
  const own = earlier.ids.length
    ? sql`(select * from unnest(${intArray(earlier.ids)}::int[], ${textArray(earlier.cutoffs.map((d) => d.toISOString()))}::timestamptz[]) as e(affiliate_id, cutoff))`
    : null;
  const ownOf = (affiliate: SQL) => (own ? sql`left join ${own} e on e.affiliate_id = ${affiliate}` : sql``);
  const end = own ? sql`coalesce(e.cutoff, ${before}::timestamptz)` : sql`${before}::timestamptz`;
  // A payout's cutoff is never before its window's start (its affiliate's own earlier cutoff, or a
  // hold raised since the last close): such a window holds only returns, and ends where it starts,
  // so the next one starts there too and pays nothing twice.
  const cutoff = sql`greatest(${end}, last.cutoff)`;
  return sql`select s.affiliate_id, s.gross, ${cutoff} as cutoff, last.cutoff as previous_cutoff, last.created_at as previous_created_at
    from (select l.affiliate_id, sum(l.amount_cents)::bigint as gross
      from ledger_entries l
      left join ${lastPayouts} last on last.affiliate_id = l.affiliate_id
      ${ownOf(sql`l.affiliate_id`)}
      where ${uncovered(end)}
      group by l.affiliate_id
      having sum(l.amount_cents) > 0) s
    left join ${lastPayouts} last on last.affiliate_id = s.affiliate_id
    ${ownOf(sql`s.affiliate_id`)}`;
}

/** The rows behind one payout: its window, then its own withholding and fee rows (the payout row itself is the payment). */
export function payoutRows(payout: { id: number; affiliateId: number; fromCutoff: Date | null; cutoff: Date; previousCreatedAt: Date | null; createdAt: Date }): SQL {
  return sql`select l.* from ledger_entries l
    where l.affiliate_id = ${payout.affiliateId} and (
      (l.payout_id is null and l.created_at < ${payout.cutoff} and ${payout.fromCutoff === null ? sql`true` : sql`l.created_at >= ${payout.fromCutoff}`})
      or (l.payout_id is not null and l.reverses_id is not null and l.created_at < ${payout.createdAt}
          and ${payout.previousCreatedAt === null ? sql`true` : sql`l.created_at >= ${payout.previousCreatedAt}`})
      or (l.payout_id = ${payout.id} and l.reverses_id is null and l.kind in ('withholding', 'fee'))
    )`;
}

export interface AffiliateBalance {
  /** Released: older than the hold, in no payout yet. */
  availableCents: number;
  /** Younger than the hold. */
  pendingHoldCents: number;
  /** When the oldest earning still in the hold is released (its created_at; the caller adds the hold). */
  oldestPendingAt: Date | null;
  /** Payable at a close with this cutoff (the projected next close). */
  projectedGrossCents: number;
}

/** Balances of affiliates from their uncovered rows (one scan). */
export async function uncoveredBalances(db: Db, ids: readonly number[], releasedBefore: Date, projectedCutoff: Date): Promise<Map<number, AffiliateBalance>> {
  const list = await rows<{ affiliate_id: number; available: unknown; pending: unknown; oldest_pending: Date | string | null; projected: unknown }>(
    db,
    sql`select u.affiliate_id,
          coalesce(sum(u.amount_cents) filter (where u.payout_id is not null or u.created_at < ${releasedBefore}), 0)::bigint as available,
          coalesce(sum(u.amount_cents) filter (where u.payout_id is null and u.created_at >= ${releasedBefore}), 0)::bigint as pending,
          min(u.created_at) filter (where u.payout_id is null and u.created_at >= ${releasedBefore} and u.amount_cents > 0) as oldest_pending,
          coalesce(sum(u.amount_cents) filter (where u.payout_id is not null or u.created_at < ${projectedCutoff}), 0)::bigint as projected
        from (${uncoveredRows(sql`'infinity'::timestamptz`, sql`l.affiliate_id = any(${intArray(ids)}::int[])`)}) u
        group by u.affiliate_id`,
  );
  const out = new Map<number, AffiliateBalance>();
  for (const id of ids) out.set(id, { availableCents: 0, pendingHoldCents: 0, oldestPendingAt: null, projectedGrossCents: 0 });
  for (const r of list) {
    out.set(r.affiliate_id, {
      availableCents: cents(r.available),
      pendingHoldCents: cents(r.pending),
      oldestPendingAt: r.oldest_pending === null ? null : new Date(r.oldest_pending),
      projectedGrossCents: cents(r.projected),
    });
  }
  return out;
}

export interface Release {
  /** When the first of these rows leaves the hold. */
  at: Date;
  cents: number;
  /** Created before the projected close's cutoff: that close pays it. */
  nextPayout: boolean;
}

/**
 * The rows of one affiliate still in the hold, by the Los Angeles day they were made (and by which
 * side of the projected close's cutoff they fall): what is released when, and which close pays it.
 */
export async function pendingReleases(db: Db, affiliateId: number, releasedBefore: Date, projectedCutoff: Date, holdDays: number): Promise<Release[]> {
  const list = await rows<{ first: Date | string; cents: unknown; next_payout: boolean }>(
    db,
    sql`select min(r.created_at) as first, sum(r.amount_cents)::bigint as cents, r.next_payout
        from (select u.created_at, u.amount_cents, (u.created_at at time zone ${NETWORK_TIME_ZONE})::date as day, (u.created_at < ${projectedCutoff}) as next_payout
          from (${uncoveredRows(sql`'infinity'::timestamptz`, sql`l.affiliate_id = ${affiliateId}`)}) u
          where u.payout_id is null and u.created_at >= ${releasedBefore}) r
        group by r.day, r.next_payout
        having sum(r.amount_cents) <> 0
        order by 1`,
  );
  return list.map((r) => ({ at: new Date(new Date(r.first).getTime() + holdDays * 86_400_000), cents: cents(r.cents), nextPayout: r.next_payout }));
}
