import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/**
 * Referral commissions withheld for shared details (docs/money.md, "Withheld for review"), as their
 * referrer sees them: pending, like any commission in the hold, never with why. The rows are the
 * ledger's (`commissionSteps` in `ledger/referral.ts`, staff's review in `ledger/withheld.ts`).
 */

/** The value now of a withheld commission: its share of what is left of the earning (SQL on hold `h`), half up. */
export const withheldValueSql = `(SELECT CASE WHEN e.amount_cents <= 0 THEN 0 ELSE (2 * greatest(0, e.amount_cents + coalesce(
    (SELECT sum(v.amount_cents) FROM ledger_entries v WHERE v.reverses_id = e.id AND v.kind = 'reversal')::bigint, 0)) * h.amount_cents + e.amount_cents) / (2 * e.amount_cents) END
  FROM ledger_entries e WHERE e.id = h.earning_id)`;

/**
 * The referrer's withheld commissions staff have not decided yet, each valued as a commission would
 * be now (its share of what is left of the earning): the referrer's screens count them as pending,
 * like any commission in the hold, so they never tell whether details matched (docs/money.md).
 */
export async function withheldPending(db: Db, referrerId: number): Promise<Array<{ referredId: number; cents: number; createdAt: Date; thisMonth: boolean }>> {
  const found = await rows<{ referred_id: number; cents: string | number; created_at: Date | string; this_month: boolean }>(
    db,
    sql`SELECT h.referred_id, ${sql.raw(withheldValueSql)} AS cents, h.created_at,
      h.created_at >= (date_trunc('month', now() AT TIME ZONE ${NETWORK_TIME_ZONE}) AT TIME ZONE ${NETWORK_TIME_ZONE}) AS this_month
      FROM referral_commission_holds h
      WHERE h.referrer_id = ${referrerId} AND NOT EXISTS (SELECT 1 FROM referral_commission_decisions d WHERE d.hold_id = h.id)
      ORDER BY h.id`,
  );
  return found.map((r) => ({ referredId: Number(r.referred_id), cents: Number(r.cents), createdAt: new Date(r.created_at), thisMonth: r.this_month === true || (r.this_month as unknown) === 't' })).filter((r) => r.cents > 0);
}
