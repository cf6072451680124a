import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings, tiers, users } from '../db/schema/index.ts';

/** The day of the month the demo network says payouts go out. */
export const DEMO_PAYOUT_DAY = 5;

const monthName = (year: number, month: number) => new Date(Date.UTC(year, month, 15)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/**
 * "November payouts go out on December 5", as read on `now`: up to the payout day, last month's
 * payouts are the next to go out; after it, this month's (paid early next month).
 */
export function nextPayoutNote(now: Date): string {
  const [y, m, d] = now.toLocaleDateString('en-CA', { timeZone: NETWORK_TIME_ZONE }).split('-').map(Number) as [number, number, number];
  const month = m - 1;
  const earned = d <= DEMO_PAYOUT_DAY ? (month + 11) % 12 : month;
  const paidMonth = d <= DEMO_PAYOUT_DAY ? month : (month + 1) % 12;
  const paidYear = d > DEMO_PAYOUT_DAY && month === 11 ? y + 1 : y;
  return `${monthName(y, earned)} payouts go out on ${monthName(paidYear, paidMonth)} ${DEMO_PAYOUT_DAY}.`;
}

/** The dashboard message of the demo network on `now`: its dates are today's, never a stale season's. */
export function demoDashboard(now: Date) {
  return {
    message: `${nextPayoutNote(now)} New creatives for NovaVR and HoloStage are ready in Creatives — deep links to this week's new scenes convert best.`,
    links: [
      { label: 'New creatives', url: '/creatives' },
      { label: 'Payout schedule', url: '/payments' },
      { label: 'Traffic rules', url: '/terms-and-conditions' },
    ],
  };
}

export const DEMO_DASHBOARD_MARKER = 'demo_dashboard_written';

/**
 * At every start of a demo network: the dashboard message's dates move with the calendar while it is
 * still the demo's own (a message staff wrote is theirs and stays).
 */
export async function refreshDemoDashboard(db: Db, now: Date = new Date()): Promise<void> {
  const next = demoDashboard(now);
  const [written] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEMO_DASHBOARD_MARKER));
  const [current] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'dashboard'));
  const ours = !current || Boolean(written && JSON.stringify(current.value) === JSON.stringify(written.value));
  // A network seeded before the marker existed holds the first demo text, which was about October.
  const firstDemo = !written && typeof (current?.value as { message?: unknown } | undefined)?.message === 'string' && (current!.value as { message: string }).message.startsWith('October payouts go out on November 5.');
  if (!ours && !firstDemo) return;
  await db.insert(settings).values({ key: 'dashboard', value: next }).onConflictDoUpdate({ target: settings.key, set: { value: next } });
  await db.insert(settings).values({ key: DEMO_DASHBOARD_MARKER, value: next }).onConflictDoUpdate({ target: settings.key, set: { value: next } });
}

/**
 * A demo network that hangs together: every affiliate signed up before their first click, money
 * row or payout (the demo affiliate 60 days before, others 30), and every affiliate is in a tier
 * (the default one when none was given). Runs at every start; it changes only what does not fit.
 */
export async function alignDemoAffiliates(db: Db, demoAffiliateEmail: string): Promise<void> {
  await db.execute(sql`
    with firsts as (
      select affiliate_id, min(at) as first_at from (
        select affiliate_id, min(created_at) as at from clicks group by affiliate_id
        union all select affiliate_id, min(created_at) from ledger_entries group by affiliate_id
        union all select affiliate_id, min(created_at) from payouts group by affiliate_id
      ) t group by affiliate_id
    )
    update users u
       set created_at = f.first_at - (case when u.email = ${demoAffiliateEmail} then interval '60 days' else interval '30 days' end),
           email_verified_at = least(u.email_verified_at, f.first_at - (case when u.email = ${demoAffiliateEmail} then interval '60 days' else interval '30 days' end))
      from firsts f
     where f.affiliate_id = u.id and u.is_client and u.created_at > f.first_at - interval '1 day'`);
  const [fallback] = await db.select({ id: tiers.id }).from(tiers).where(eq(tiers.isDefault, true));
  if (fallback) await db.update(users).set({ tierId: fallback.id }).where(and(eq(users.isClient, true), isNull(users.tierId)));
}
