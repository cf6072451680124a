import { type FraudAction, type FraudRule, type FraudRuleKind, fraudRuleKinds, type RiskHold } from '@portal/contracts';
import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runStatementOn, type Statement } from '../../db/raw.ts';
import { fraudRules, offers, riskHolds } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';

const order = (rules: FraudRule[]) => rules.sort((a, b) => fraudRuleKinds.indexOf(a.rule) - fraudRuleKinds.indexOf(b.rule));
const toRule = (r: { rule: string; value: number; action: string }): FraudRule => ({ rule: r.rule as FraudRuleKind, value: Number(r.value), action: r.action as FraudAction });

/** The rules of the network (`offerId` null) or of one offer. */
export async function rulesOf(db: Db, offerId: number | null): Promise<FraudRule[]> {
  const list = await db
    .select({ rule: fraudRules.rule, value: fraudRules.value, action: fraudRules.action })
    .from(fraudRules)
    .where(offerId === null ? isNull(fraudRules.offerId) : eq(fraudRules.offerId, offerId));
  return order(list.map(toRule));
}

/** Replaces the network's (`offerId` null) or an offer's rules, in one transaction. */
export async function saveRules(db: Db, offerId: number | null, rules: readonly FraudRule[]): Promise<FraudRule[]> {
  return db.transaction(async (tx) => {
    if (offerId !== null) {
      const [offer] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId)).for('update');
      if (!offer) throw new NotFoundError();
    }
    await tx.delete(fraudRules).where(offerId === null ? isNull(fraudRules.offerId) : eq(fraudRules.offerId, offerId));
    if (rules.length) await tx.insert(fraudRules).values(rules.map((r) => ({ offerId, rule: r.rule, value: r.value, action: r.action })));
    return order(rules.map(toRule));
  });
}

const inForce: Statement = {
  name: 'fraud_rules_in_force',
  text: `SELECT offer_id AS "offerId", rule, value::float8 AS value, action FROM fraud_rules WHERE offer_id IS NULL OR offer_id = ANY($1::int[])`,
};

/** Each offer's rules in force: its own, and the network's of the kinds it does not set (a named statement: read for every batch of conversions). */
export async function rulesInForce(db: Db, offerIds: readonly number[]): Promise<Map<number, FraudRule[]>> {
  const out = new Map<number, FraudRule[]>();
  if (!offerIds.length) return out;
  const list = await runStatementOn<{ offerId: number | null; rule: string; value: number; action: string }>(db, inForce, [[...offerIds]]);
  const network = list.filter((r) => r.offerId === null).map(toRule);
  for (const offerId of offerIds) {
    const own = list.filter((r) => r.offerId === offerId).map(toRule);
    const kinds = new Set(own.map((r) => r.rule));
    out.set(offerId, [...own, ...network.filter((r) => !kinds.has(r.rule))]);
  }
  return out;
}

export async function riskHoldTable(db: Db): Promise<RiskHold[]> {
  const list = await db.select({ ratio: riskHolds.ratio, extraDays: riskHolds.extraDays }).from(riskHolds).orderBy(asc(riskHolds.ratio));
  return list.map((r) => ({ ratio: Number(r.ratio), extra_days: r.extraDays }));
}

export async function saveRiskHolds(db: Db, table: readonly RiskHold[]): Promise<RiskHold[]> {
  await db.transaction(async (tx) => {
    await tx.delete(riskHolds);
    if (table.length) await tx.insert(riskHolds).values(table.map((r) => ({ ratio: r.ratio, extraDays: r.extra_days })));
  });
  return riskHoldTable(db);
}

/** The extra hold days of a chargeback ratio (percent): the row with the highest ratio at or below it, else 0. */
export function extraHoldDaysOf(table: readonly RiskHold[], ratio: number): number {
  let days = 0;
  for (const r of table) if (ratio >= r.ratio && ratio > 0) days = Math.max(days, r.extra_days);
  return days;
}
