import { type ConversionType, minorDigits } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toUsdCents } from '../exchange-rates/index.ts';
import { earningOf } from '../ledger/index.ts';
import { effectivePayouts } from '../offers/index.ts';

/**
 * What an affiliate's held conversions would earn if released now, in cents: the balance's
 * `pending_review` (no ledger row exists for them yet). A revshare amount is valued at the latest
 * rate its currency has on any day (none yet: 0); cpa pays its fixed amount.
 */
export async function pendingReviewCents(db: Db, affiliateId: number): Promise<number> {
  const held = ((await db.execute(sql`
    select c.offer_id, c.type, c.currency, c.amount_minor, c.amount_cents, c.usd_rate::text as usd_rate,
      (select e.rate::text from exchange_rates e where e.currency = c.currency order by e.day desc limit 1) as latest_rate
    from conversions c
    where c.affiliate_id = ${affiliateId} and c.status = 'held' and c.offer_id is not null`)) as unknown as {
    rows: Array<{ offer_id: number; type: ConversionType; currency: string; amount_minor: string | number; amount_cents: string | number; usd_rate: string | null; latest_rate: string | null }>;
  }).rows;
  if (!held.length) return 0;
  const payouts = await effectivePayouts(db, [...new Set(held.map((h) => h.offer_id))].map((offerId) => ({ offerId, affiliateId })));
  let cents = 0;
  for (const h of held) {
    const rate = h.usd_rate ?? h.latest_rate;
    const amountCents = h.usd_rate ? Number(h.amount_cents) : rate ? toUsdCents(Number(h.amount_minor), minorDigits(h.currency) ?? 2, rate) : 0;
    cents += earningOf(payouts.get(`${h.offer_id}|${affiliateId}`), h.type, amountCents)?.cents ?? 0;
  }
  return cents;
}
