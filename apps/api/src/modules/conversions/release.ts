import { type ConversionType, minorDigits, OVER_CAP_REASON } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversions } from '../../db/schema/index.ts';
import { maxConversionCents } from '../exchange-rates/index.ts';
import { takeConversionCaps } from '../caps/index.ts';
import { commissionsOf, type LedgerEntry, recordAdmittedEarning } from '../ledger/index.ts';
import { effectivePayout } from '../offers/index.ts';
import { enqueuePostbacksForConversion } from '../postbacks/index.ts';
import { addToRollups, conversionCounters, isNewCustomer, keyOf, ledgerCost } from '../tracking/index.ts';
import { statsDay } from '../../lib/days.ts';
import { overMaximum, toUsdCents } from './pricing.ts';
import { findClick, forPostback } from './service.ts';

/**
 * Pays a held conversion being released (its row already `accepted` in `tx`), on the day of release:
 * it takes its place under the offer's caps of that day (held, it took none), then its earning and
 * referral commission, the rollups, its postbacks. Answers the earning in cents, or null when a hard
 * cap is full (nothing written: the caller refuses or rejects it). The rate's arrival (below) and
 * staff's approval of a fraud hold (the fraud module's `review.ts`, handed this as `payApproved`) share it.
 */
export async function payReleased(tx: Db, h: Pick<Held, 'id' | 'type' | 'transaction_id' | 'cid'>, amountCents: number, now: Date): Promise<number | null> {
  const day = statsDay(now);
  const click = h.cid ? await findClick(tx, h.cid) : undefined;
  if (!click) return 0;
  const entry: LedgerEntry = { affiliateId: click.affiliateId, conversionId: h.id, cid: click.cid, offerId: click.offerId, day, createdAt: now };
  const admit = (cents: number) => takeConversionCaps(tx, { offerId: click.offerId, affiliateId: click.affiliateId, newCustomer: isNewCustomer(h.type), earningCents: cents, now });
  const earningCents = await recordAdmittedEarning(tx, entry, await effectivePayout(tx, click.offerId, click.affiliateId), h.type, amountCents, admit);
  if (earningCents === null) return null;
  const commissions = earningCents === 0 ? [] : (await commissionsOf(tx, h.id)).flatMap((c) => ledgerCost(c) ?? []);
  await addToRollups(tx, [{ ...keyOf(click, day), ...conversionCounters(h.type, earningCents, amountCents) }, ...commissions]);
  await enqueuePostbacksForConversion(tx, forPostback(h.id, click, { type: h.type, transaction_id: h.transaction_id }, earningCents, amountCents, now));
  return earningCents;
}

/** Held conversions claimed per transaction. */
const CHUNK = 100;

interface Held {
  id: number;
  type: ConversionType;
  transaction_id: string;
  currency: string;
  amount_minor: string | number;
  cid: string | null;
  rate: string;
}

/**
 * Releases the conversions held for want of a rate whose currency now has one: the latest rate on
 * or before the conversion's day, else the first published after it (up to today). Each is then
 * paid as an accepted conversion, on the day of release (a closed period never changes): its
 * earning and referral commission, the rollups, its postbacks; `released_at`, `usd_rate` and
 * `amount_cents` are set. One past the maximum is rejected with the reason instead.
 *
 * A conversion held for review by a fraud rule is never released here until staff approve it
 * (the fraud module's `review.ts`; approved while still without a rate, it waits here). Only rows still `held` are taken, each claimed with FOR UPDATE SKIP LOCKED inside the
 * transaction that pays it: two releases at once never pay one twice, and a held sale refunded
 * meanwhile (marked `reversed`) is left alone.
 */
export async function releaseHeld(db: Db, now: Date = new Date()): Promise<{ released: number; rejected: number }> {
  const day = statsDay(now);
  const maxCents = await maxConversionCents(db);
  const done = { released: 0, rejected: 0 };
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const held = ((await tx.execute(sql`
        select c.id, c.type, c.transaction_id, c.currency, c.amount_minor, c.cid, r.rate::text as rate
        from conversions c
        cross join lateral (
          select x.rate from (
            (select e.rate, 0 as pref from exchange_rates e where e.currency = c.currency and e.day <= c.day order by e.day desc limit 1)
            union all
            (select e.rate, 1 as pref from exchange_rates e where e.currency = c.currency and e.day > c.day and e.day <= ${day} order by e.day limit 1)
          ) x order by x.pref limit 1
        ) r
        where c.status = 'held' and c.usd_rate is null and (c.fraud_action is distinct from 'hold' or c.reviewed_at is not null)
        order by c.id
        limit ${CHUNK}
        for update of c skip locked`)) as unknown as { rows: Held[] }).rows;
      for (const h of held) {
        const amountCents = toUsdCents(Number(h.amount_minor), minorDigits(h.currency) ?? 2, h.rate);
        if (amountCents > maxCents) {
          await tx
            .update(conversions)
            .set({ status: 'rejected', reason: overMaximum(maxCents).fields?.amount?.[0] ?? null, usdRate: h.rate, amountCents })
            .where(eq(conversions.id, h.id));
          done.rejected++;
          continue;
        }
        await tx.update(conversions).set({ status: 'accepted', reason: null, releasedAt: now, usdRate: h.rate, amountCents }).where(eq(conversions.id, h.id));
        if ((await payReleased(tx, h, amountCents, now)) === null) {
          // Its offer's hard cap filled while it waited: stored over cap, as a new one would be.
          await tx.update(conversions).set({ status: 'rejected', reason: OVER_CAP_REASON }).where(eq(conversions.id, h.id));
          done.rejected++;
          continue;
        }
        done.released++;
      }
      return held.length;
    });
    if (claimed < CHUNK) return done;
  }
}
