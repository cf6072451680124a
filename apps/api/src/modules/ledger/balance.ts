import type { LedgerKind } from '@portal/contracts';
import { type AnyColumn, and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';

/** Every balance is a sum of ledger rows: payouts, fees and withholdings are negative rows of the same ledger. */
export interface BalanceScope {
  /** Only these kinds (default: every kind). */
  kinds?: readonly LedgerKind[];
  /** Rows created at or after / before these moments. */
  from?: Date;
  before?: Date;
}

function scopeOf(scope: BalanceScope): SQL[] {
  const where: SQL[] = [];
  if (scope.kinds) where.push(inArray(ledgerEntries.kind, [...scope.kinds]));
  if (scope.from) where.push(gte(ledgerEntries.createdAt, scope.from));
  if (scope.before) where.push(lt(ledgerEntries.createdAt, scope.before));
  return where;
}

/** An affiliate's balance in cents: the sum of their rows (all of them, unless scoped). */
export async function balanceCents(db: Db, affiliateId: number, scope: BalanceScope = {}): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.affiliateId, affiliateId), ...scopeOf(scope)));
  return Number(row?.cents ?? 0);
}

/** Balances of many affiliates at once (an affiliate without rows is absent). */
export async function balancesCents(db: Db, affiliateIds: readonly number[], scope: BalanceScope = {}): Promise<Map<number, number>> {
  if (!affiliateIds.length) return new Map();
  const rows = await db
    .select({ id: ledgerEntries.affiliateId, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.affiliateId, [...affiliateIds]), ...scopeOf(scope)))
    .groupBy(ledgerEntries.affiliateId);
  return new Map(rows.map((r) => [r.id, Number(r.cents)]));
}

/** Sums per kind of an affiliate's rows: what a statement or the balance screen breaks down. */
export async function sumsByKind(db: Db, affiliateId: number, scope: BalanceScope = {}): Promise<Partial<Record<LedgerKind, number>>> {
  const rows = await db
    .select({ kind: ledgerEntries.kind, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.affiliateId, affiliateId), ...scopeOf(scope)))
    .groupBy(ledgerEntries.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.cents)]));
}

/** Cents to the API's dollars (two decimals, a JSON number). */
export const toDollars = (cents: number): number => cents / 100;

/** Kinds that make up what an affiliate earned (before bonuses and payouts). */
export const earningKinds: readonly LedgerKind[] = ['earning', 'reversal', 'referral_commission'];

/**
 * The balance of the affiliate in `affiliateId` (a column of the outer query) as SQL, for lists
 * that filter or sort by it: the same sum as `balanceCents`, in cents.
 */
export function balanceCentsSql(affiliateId: SQL | AnyColumn): SQL<number> {
  return sql<number>`coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.affiliateId} = ${affiliateId}), 0)`;
}

/** What the affiliate earned from the Los Angeles day `fromDay` on, in cents, as SQL. */
export function earnedCentsSinceSql(affiliateId: SQL | AnyColumn, fromDay: string): SQL<number> {
  return sql<number>`coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.affiliateId} = ${affiliateId} and ${ledgerEntries.day} >= ${fromDay} and ${inArray(ledgerEntries.kind, [...earningKinds])}), 0)`;
}
