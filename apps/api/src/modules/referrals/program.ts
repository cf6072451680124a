import { DEFAULT_REFERRAL_RATE_BP } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revshareCents } from '../../lib/money-units.ts';

/**
 * The referral program (docs/money.md): an affiliate who signed up through another's link earns
 * the referrer a commission on each of their earnings, at the network's rate (setting
 * `referral_rate_bp`), for life. The ledger writes the commission rows (`ledger/referral.ts`).
 */

export const REFERRAL_RATE_KEY = 'referral_rate_bp';

/** The rate in basis points as SQL text, read in the statement itself so the batch needs no extra round trip. */
export const referralRateSql = `coalesce((SELECT (value #>> '{}')::int FROM settings WHERE key = '${REFERRAL_RATE_KEY}'), ${DEFAULT_REFERRAL_RATE_BP})`;

/** Half up to the cent: positive cents times basis points, by the one integer rule of money shares. */
export const commissionCents = (earningCents: number, rateBp: number): number => revshareCents(earningCents, rateBp);

export async function referralRateBp(db: Db): Promise<number> {
  const result = (await db.execute(sql.raw(`SELECT ${referralRateSql} AS bp`))) as unknown as { rows: { bp: number }[] };
  return Number(result.rows[0]?.bp ?? DEFAULT_REFERRAL_RATE_BP);
}
