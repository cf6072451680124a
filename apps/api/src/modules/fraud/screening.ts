import { type ConversionType, type FraudAction, fraudActionRank, fraudMessages, type FraudRule, isReversalType } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ratiosOf } from './ratios.ts';
import { rulesInForce } from './rules.ts';
import { rows } from '../../db/rows.ts';

/** A conversion as screening sees it: whose, which offer, its click's time and visitor, and when it arrived. */
export interface Screened {
  affiliateId: number;
  offerId: number;
  clickedAt: Date;
  visitorHash: string | null;
  type: ConversionType;
  now: Date;
}

/** What the rules that fired do to a conversion: the most severe action, and every reason. */
export interface Verdict {
  action: FraudAction;
  reason: string;
}

const HOUR_MS = 3_600_000;

/**
 * Screens conversions against the rules in force for their offers (docs/fraud.md), in the order
 * given: each sees the ones before it in the list as already recorded (a batch written at once).
 * Refunds and chargebacks are never screened. `db` is the recording transaction where there is one.
 * With no rules at all (a fresh install) this reads one small table and answers null for each.
 */
export async function screenConversions(db: Db, items: readonly Screened[]): Promise<Array<Verdict | null>> {
  const wanted = items.filter((i) => !isReversalType(i.type));
  if (!wanted.length) return items.map(() => null);
  const rules = await rulesInForce(db, [...new Set(wanted.map((i) => i.offerId))]);
  if (![...rules.values()].some((r) => r.length)) return items.map(() => null);

  const visitorsSeen = new Map<string, number>();
  const affiliatesSeen = new Map<number, number>();
  const out: Array<Verdict | null> = [];
  for (const item of items) {
    const list = isReversalType(item.type) ? [] : (rules.get(item.offerId) ?? []);
    if (!list.length) {
      out.push(null);
      continue;
    }
    const fired: FraudRule[] = [];
    const seconds = (item.now.getTime() - item.clickedAt.getTime()) / 1000;
    const before = { visitor: visitorsSeen.get(item.visitorHash ?? '') ?? 0, affiliate: affiliatesSeen.get(item.affiliateId) ?? 0 };
    const ratios = list.some((r) => r.rule.includes('_ratio_')) ? (await ratiosOf(db, [item.affiliateId], item.now)).get(item.affiliateId) : undefined;
    for (const rule of list) {
      switch (rule.rule) {
        case 'min_seconds':
          if (seconds < rule.value) fired.push(rule);
          break;
        case 'max_seconds':
          if (seconds > rule.value) fired.push(rule);
          break;
        case 'visitor_per_hour':
          if (item.visitorHash && (await visitorConversions(db, item.visitorHash, item.now, rule.value)) + before.visitor >= rule.value) fired.push(rule);
          break;
        case 'first_conversions':
          if ((await affiliateConversions(db, item.affiliateId, rule.value)) + before.affiliate < rule.value) fired.push(rule);
          break;
        default:
          if (ratios && ratios[rule.rule] > rule.value) fired.push(rule);
      }
    }
    if (item.visitorHash) visitorsSeen.set(item.visitorHash, before.visitor + 1);
    affiliatesSeen.set(item.affiliateId, before.affiliate + 1);
    out.push(verdictOf(fired));
  }
  return out;
}

export function verdictOf(fired: readonly FraudRule[]): Verdict | null {
  if (!fired.length) return null;
  const action = fired.reduce<FraudAction>((a, r) => (fraudActionRank[r.action] > fraudActionRank[a] ? r.action : a), 'flag');
  const reason = fired.map((r) => fraudMessages.ruleReasons[r.rule](r.value)).join(' ');
  return { action, reason: reason.length > 255 ? `${reason.slice(0, 254)}…` : reason };
}

/** The visitor's conversions (not refunds or chargebacks) of the last hour, counted up to `limit`. */
async function visitorConversions(db: Db, visitorHash: string, now: Date, limit: number): Promise<number> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [row] = await rows<{ n: number | string }>(
    db,
    // Conversions keep their click's visitor (index conversions_visitor_idx): a range of the index, bounded by the limit.
    sql`select count(*) as n from (
          select 1 from conversions c
          where c.visitor_hash = ${visitorHash} and c.created_at > ${since}
            and c.type not in ('refund', 'chargeback') and c.status <> 'orphaned'
          limit ${limit}) x`,
  );
  return Number(row?.n ?? 0);
}

/** The affiliate's conversions so far (not refunds or chargebacks), counted up to `limit`. */
async function affiliateConversions(db: Db, affiliateId: number, limit: number): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from conversions where affiliate_id = ${affiliateId} and type not in ('refund', 'chargeback') limit ${limit}) x`,
  );
  return Number(row?.n ?? 0);
}
