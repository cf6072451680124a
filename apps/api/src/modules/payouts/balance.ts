import { addPeriods, type Balance, type WhenPaid } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statsDay } from '../../lib/days.ts';
import { pendingReviewCents } from '../fraud/index.ts';
import { withheldPending } from '../referrals/index.ts';
import { affiliateHoldDays, decide, issueLinks, loadTerms } from './eligibility.ts';
import { closeCutoff, periodEnd, periodOf } from './periods.ts';
import { payoutSums } from './queries.ts';
import { rows, toDollars } from './sql.ts';
import { pendingReleases, uncoveredBalances } from './window.ts';

/** The scheduled close runs this long after a month ends. */
export const CLOSE_DELAY_MS = 3_600_000;

/** The next period the schedule closes, and when: the earliest month after the last closed one that has not been closed. */
export async function nextClose(db: Db, now: Date): Promise<{ period: string; date: Date }> {
  const [last] = await rows<{ period: string }>(db, sql`select period from payout_periods order by period desc limit 1`);
  // With nothing closed yet, the schedule starts at the current month: earlier months are closed by staff.
  const period = last ? addPeriods(last.period, 1) : periodOf(now);
  return { period, date: new Date(Math.max(periodEnd(period).getTime() + CLOSE_DELAY_MS, now.getTime())) };
}

async function figures(db: Db, affiliateId: number, now: Date) {
  const { days: hold, extraDays } = await affiliateHoldDays(db, affiliateId, now);
  const next = await nextClose(db, now);
  const releasedBefore = new Date(now.getTime() - hold * 86_400_000);
  const projectedCutoff = closeCutoff(next.period, next.date, hold);
  const [balances, sums, terms, releases, withheld] = await Promise.all([
    uncoveredBalances(db, [affiliateId], releasedBefore, projectedCutoff),
    payoutSums(db, [affiliateId]),
    loadTerms(db, [affiliateId]),
    pendingReleases(db, affiliateId, releasedBefore, projectedCutoff, hold),
    withheldPending(db, affiliateId),
  ]);
  const balance = balances.get(affiliateId)!;
  // Referral commissions withheld for shared details (docs/money.md, "Withheld for review"): inside
  // the hold they count as any commission there does, so the referrer's balance and checklist never
  // tell a match; past it, until staff decide, they are in review.
  let withheldInReview = 0;
  for (const w of withheld) {
    if (w.createdAt < releasedBefore) {
      withheldInReview += w.cents;
      continue;
    }
    balance.pendingHoldCents += w.cents;
    if (!balance.oldestPendingAt || w.createdAt < balance.oldestPendingAt) balance.oldestPendingAt = w.createdAt;
    const nextPayout = w.createdAt < projectedCutoff;
    if (nextPayout) balance.projectedGrossCents += w.cents;
    const day = statsDay(w.createdAt);
    const same = releases.find((r) => r.nextPayout === nextPayout && statsDay(new Date(r.at.getTime() - hold * 86_400_000)) === day);
    const at = new Date(w.createdAt.getTime() + hold * 86_400_000);
    if (same) {
      same.cents += w.cents;
      if (at < same.at) same.at = at;
    } else releases.push({ at, cents: w.cents, nextPayout });
  }
  releases.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { hold, extraDays, next, balance, sums: sums.get(affiliateId)!, terms: terms.get(affiliateId), releases, withheldInReview };
}

export async function balanceOf(db: Db, affiliateId: number, now = new Date()): Promise<Balance> {
  const [{ balance, sums, withheldInReview }, reviewCents] = await Promise.all([figures(db, affiliateId, now), pendingReviewCents(db, affiliateId)]);
  return {
    currency: 'USD',
    available: toDollars(balance.availableCents),
    held: toDollars(sums.held),
    pending_hold: toDollars(balance.pendingHoldCents),
    pending_review: toDollars(reviewCents + withheldInReview),
    in_payouts: toDollars(sums.to_approve + sums.to_pay),
    lifetime_paid: toDollars(sums.paid),
  };
}

/** "When am I paid?": the same decision the close makes, applied to what is known now. */
export async function whenPaid(db: Db, affiliateId: number, now = new Date()): Promise<WhenPaid> {
  const { hold, extraDays, next, balance, terms, releases } = await figures(db, affiliateId, now);
  const t = terms ?? null;
  const minimumCents = t?.minimumCents ?? 0;
  const current = t ? decide(t, balance.availableCents) : null;
  const projected = t ? decide(t, balance.projectedGrossCents) : null;
  return {
    eligible: (t?.issues.length ?? 0) === 0,
    method: t && t.method !== 'none' ? t.method : null,
    method_name: t && t.method !== 'none' ? t.methodName : null,
    minimum: toDollars(minimumCents),
    balance: toDollars(balance.availableCents),
    reaches_minimum: current?.pay ?? false,
    pending_hold: toDollars(balance.pendingHoldCents),
    next_release_at: balance.oldestPendingAt ? new Date(balance.oldestPendingAt.getTime() + hold * 86_400_000).toISOString() : null,
    releases: releases.map((r) => ({ date: r.at.toISOString(), amount: toDollars(r.cents), next_payout: r.nextPayout })),
    hold_days: hold,
    risk_hold_days: extraDays,
    issues: (t?.issues ?? []).map((code) => ({ code, link: issueLinks[code] })),
    next_close: { period: next.period, date: next.date.toISOString() },
    projected: projected?.pay ? { period: next.period, date: next.date.toISOString(), amount: toDollars(projected.figures.amountCents) } : null,
  };
}
