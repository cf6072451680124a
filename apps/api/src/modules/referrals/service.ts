import { bpToPercent, maskName, NETWORK_TIME_ZONE, type Referrals } from '@portal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema/index.ts';
import { referralCodeOf } from './code.ts';
import { referralRateBp } from './program.ts';
import { withheldPending } from './withheld.ts';

/** The first instant of this Los Angeles month. */
const monthStart = sql`(date_trunc('month', now() AT TIME ZONE ${NETWORK_TIME_ZONE}) AT TIME ZONE ${NETWORK_TIME_ZONE})`;

/** GET /v1/referrals: the referrer's link and each affiliate they referred, with what each earned them. */
export async function getReferrals(db: Db, referrerId: number, publicUrl: string): Promise<Referrals> {
  const referred = await db
    .select({ id: users.id, name: users.name, createdAt: users.createdAt, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.referredById, referrerId), eq(users.isClient, true)))
    .orderBy(asc(users.createdAt), asc(users.id));
  // Commissions of this referrer, by the referred affiliate whose row each is a share of.
  const source = db.$with('source').as(db.select({ id: ledgerEntries.id, affiliateId: ledgerEntries.affiliateId }).from(ledgerEntries));
  const sums = await db
    .with(source)
    .select({
      affiliateId: source.affiliateId,
      all: sql<string>`sum(${ledgerEntries.amountCents})`,
      month: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) FILTER (WHERE ${ledgerEntries.createdAt} >= ${monthStart}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(source, eq(source.id, ledgerEntries.sourceId))
    .where(and(eq(ledgerEntries.affiliateId, referrerId), eq(ledgerEntries.kind, 'referral_commission')))
    .groupBy(source.affiliateId);
  const by = new Map(sums.map((s) => [s.affiliateId, { all: Number(s.all), month: Number(s.month) }]));
  // Withheld for shared details and not decided yet: counted like any other commission, so the
  // referrer cannot tell a match from its figures (docs/money.md, "Withheld for review").
  for (const w of await withheldPending(db, referrerId)) {
    const s = by.get(w.referredId) ?? { all: 0, month: 0 };
    by.set(w.referredId, { all: s.all + w.cents, month: s.month + (w.thisMonth ? w.cents : 0) });
  }
  const code = await referralCodeOf(db, referrerId);
  return {
    code,
    link: `${publicUrl}/signup?referred_by=${encodeURIComponent(code)}`,
    rate: bpToPercent(await referralRateBp(db)),
    commission_this_month: [...by.values()].reduce((a, s) => a + s.month, 0) / 100,
    commission_all_time: [...by.values()].reduce((a, s) => a + s.all, 0) / 100,
    referred: referred.map((r) => ({
      id: r.id,
      name: maskName(r.name),
      joined_at: r.createdAt.toISOString(),
      is_active: r.isActive,
      commission_this_month: (by.get(r.id)?.month ?? 0) / 100,
      commission_all_time: (by.get(r.id)?.all ?? 0) / 100,
    })),
  };
}
