import { addPeriods } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { settings, users } from '../db/schema/index.ts';
import { appendEntry } from '../modules/ledger/index.ts';
import { approvePayout, closePeriod, markPayoutPaid, periodEnd, periodOf, periodStart, rows } from '../modules/payouts/index.ts';

const MARKER = 'demo_payouts_version';
const DAY = 86_400_000;

/**
 * The demo affiliate's payout history: the last four months closed, three of them paid (with
 * invoices and receipts) and the last one waiting for approval. Runs once per database.
 */
export async function seedDemoPayouts(db: Db, log: FastifyBaseLogger, affiliateEmail: string, staffEmail: string, now = new Date()): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, affiliateEmail));
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
  const [closed] = await rows<{ n: number }>(db, sql`select count(*)::int as n from payout_periods`);
  if (!affiliate || !staff || closed!.n > 0) {
    await db.insert(settings).values({ key: MARKER, value: 1 });
    return;
  }

  // Paid by PayPal, with complete billing details, unless the demo already chose otherwise.
  await db.execute(sql`insert into payment_methods (type, name, min_payout_cents, fee_cents) values ('paypal', 'PayPal', 5000, 0) on conflict (type) do nothing`);
  await db.execute(
    sql`insert into billing_accounts (user_id, recipient_type, payment_method_id, details, is_complete)
        select ${affiliate.id}, 'company', id, ${JSON.stringify({ email: 'payments@rivera-media.example' })}::jsonb, true from payment_methods where type = 'paypal'
        on conflict (user_id) do nothing`,
  );

  const last = addPeriods(periodOf(now), -1);
  const periods = [-3, -2, -1, 0].map((d) => addPeriods(last, d));
  for (const p of periods) {
    // Months before the demo traffic began: a monthly volume bonus stands in for their sales.
    const [earned] = await rows<{ cents: unknown }>(
      db,
      sql`select coalesce(sum(amount_cents), 0)::bigint as cents from ledger_entries where affiliate_id = ${affiliate.id} and created_at >= ${periodStart(p)} and created_at < ${periodEnd(p)}`,
    );
    if (Number(earned!.cents) < 20_000) {
      const at = new Date(periodStart(p).getTime() + 20 * DAY);
      await appendEntry(db, { affiliateId: affiliate.id, kind: 'bonus', amountCents: 61_250 + periods.indexOf(p) * 4_375, createdBy: staff.id, reason: 'Monthly volume bonus', createdAt: at });
    }
  }
  for (const [i, p] of periods.entries()) {
    const closeAt = new Date(Math.min(now.getTime(), periodEnd(p).getTime() + 15 * DAY));
    await closePeriod(db, p, { byUserId: staff.id, now: closeAt });
    if (i === periods.length - 1) continue;
    const paid = await rows<{ id: number }>(db, sql`select id from payouts where period = ${p} and status = 'to_approve' order by id`);
    for (const payout of paid) {
      await approvePayout(db, payout.id, staff.id, { now: new Date(closeAt.getTime() + 2 * DAY) });
      await markPayoutPaid(db, payout.id, staff.id, { reference: `PP-${p.replace('-', '')}-${payout.id}` }, { now: new Date(closeAt.getTime() + 5 * DAY) });
    }
  }
  await db.insert(settings).values({ key: MARKER, value: 1 });
  log.info(`Demo payouts created: ${periods.slice(0, 3).join(', ')} paid, ${periods[3]} to approve.`);
}
