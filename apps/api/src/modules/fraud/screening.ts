import { type ConversionType, type FraudAction, fraudActionRank, fraudMessages, type FraudRule, isRatioRule, isReversalType } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { runStatementOn, type Statement } from '../../db/raw.ts';
import { type RatioCounts, type Ratios, ratiosFrom, ratioWindows } from './ratios.ts';
import { rulesInForce } from './rules.ts';

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
 * Whatever the rules count (the visitor's conversions of the last hour, the affiliate's first
 * conversions, its ratios) is read for the whole list in one statement (`ruleCounts`).
 */
export async function screenConversions(db: Db, items: readonly Screened[]): Promise<Array<Verdict | null>> {
  const wanted = items.filter((i) => !isReversalType(i.type));
  if (!wanted.length) return items.map(() => null);
  const rules = await rulesInForce(db, [...new Set(wanted.map((i) => i.offerId))]);
  if (![...rules.values()].some((r) => r.length)) return items.map(() => null);
  const lists = items.map((item) => (isReversalType(item.type) ? [] : (rules.get(item.offerId) ?? [])));
  const counts = await countsOf(db, items, lists);

  const visitorsSeen = new Map<string, number>();
  const affiliatesSeen = new Map<number, number>();
  return items.map((item, n) => {
    const list = lists[n]!;
    if (!list.length) return null;
    const fired: FraudRule[] = [];
    const seconds = (item.now.getTime() - item.clickedAt.getTime()) / 1000;
    const before = { visitor: visitorsSeen.get(item.visitorHash ?? '') ?? 0, affiliate: affiliatesSeen.get(item.affiliateId) ?? 0 };
    const { visitor, first, ratios } = counts[n]!;
    for (const rule of list) {
      switch (rule.rule) {
        case 'min_seconds':
          if (seconds < rule.value) fired.push(rule);
          break;
        case 'max_seconds':
          if (seconds > rule.value) fired.push(rule);
          break;
        case 'visitor_per_hour':
          if (item.visitorHash && visitor! + before.visitor >= rule.value) fired.push(rule);
          break;
        case 'first_conversions':
          if (first! + before.affiliate < rule.value) fired.push(rule);
          break;
        default:
          if (ratios && ratios[rule.rule] > rule.value) fired.push(rule);
      }
    }
    if (item.visitorHash) visitorsSeen.set(item.visitorHash, before.visitor + 1);
    affiliatesSeen.set(item.affiliateId, before.affiliate + 1);
    return verdictOf(fired);
  });
}

/** What the rules of one conversion read from the database: left out where none of its rules needs it. */
interface Counts {
  visitor?: number;
  first?: number;
  ratios?: Ratios;
}

/**
 * Every count the rules read, for a whole list of conversions in one statement, each as its own
 * query would have answered it (the same ones asked twice are asked once): the visitor's
 * conversions (not refunds or chargebacks, nor orphaned) of the hour before the conversion, a range of
 * the index `(visitor_hash, created_at)` bounded by the rule's value; the affiliate's conversions so far
 * (not refunds or chargebacks), bounded by the rule's value; the affiliate's sales, chargebacks and
 * refunds of the 90 and 30 days before the conversion (ratios.ts).
 */
export const ruleCounts: Statement = {
  name: 'fraud_rule_counts',
  text: `
SELECT 1 AS kind, v.ord, x.n, 0 AS s30, 0 AS s90, 0 AS c30, 0 AS c90, 0 AS r30, 0 AS r90
FROM unnest($1::varchar[], $2::timestamptz[], $3::int[]) WITH ORDINALITY AS v(visitor_hash, since, lim, ord)
CROSS JOIN LATERAL (
  SELECT count(*) AS n FROM (
    SELECT 1 FROM conversions c
    WHERE c.visitor_hash = v.visitor_hash AND c.created_at > v.since AND c.type NOT IN ('refund', 'chargeback') AND c.status <> 'orphaned'
    LIMIT v.lim) y) x
UNION ALL
SELECT 2, f.ord, x.n, 0, 0, 0, 0, 0, 0
FROM unnest($4::int[], $5::int[]) WITH ORDINALITY AS f(affiliate_id, lim, ord)
CROSS JOIN LATERAL (
  SELECT count(*) AS n FROM (
    SELECT 1 FROM conversions c WHERE c.affiliate_id = f.affiliate_id AND c.type NOT IN ('refund', 'chargeback') LIMIT f.lim) y) x
UNION ALL
SELECT 3, r.ord, 0, x.s30, x.s90, x.c30, x.c90, x.r30, x.r90
FROM unnest($6::int[], $7::timestamptz[], $8::timestamptz[]) WITH ORDINALITY AS r(affiliate_id, d30, d90, ord)
CROSS JOIN LATERAL (
  SELECT
    count(*) FILTER (WHERE c.type = 'sale' AND c.status IN ('accepted', 'reversed') AND c.created_at > r.d30) AS s30,
    count(*) FILTER (WHERE c.type = 'sale' AND c.status IN ('accepted', 'reversed')) AS s90,
    count(*) FILTER (WHERE c.type = 'chargeback' AND c.status = 'accepted' AND c.created_at > r.d30) AS c30,
    count(*) FILTER (WHERE c.type = 'chargeback' AND c.status = 'accepted') AS c90,
    count(*) FILTER (WHERE c.type = 'refund' AND c.status = 'accepted' AND c.created_at > r.d30) AS r30,
    count(*) FILTER (WHERE c.type = 'refund' AND c.status = 'accepted') AS r90
  FROM conversions c
  WHERE c.affiliate_id = r.affiliate_id AND c.created_at > r.d90 AND c.type IN ('sale', 'chargeback', 'refund')) x`,
};

/** Asks `ruleCounts` what each conversion's rules need (nothing when none counts) and answers each conversion's counts. */
async function countsOf(db: Db, items: readonly Screened[], lists: ReadonlyArray<readonly FraudRule[]>): Promise<Counts[]> {
  // One question per distinct key: its place in the statement's list of its kind.
  const visitors = new Map<string, number>();
  const firsts = new Map<string, number>();
  const ratioKeys = new Map<string, number>();
  const params = { hash: [] as string[], since: [] as string[], visitorLimit: [] as number[], affiliate: [] as number[], firstLimit: [] as number[], ratioAffiliate: [] as number[], d30: [] as string[], d90: [] as string[] };
  const asked = items.map((item, n) => {
    const list = lists[n]!;
    const visitorRule = list.find((r) => r.rule === 'visitor_per_hour');
    const firstRule = list.find((r) => r.rule === 'first_conversions');
    const at: { visitor?: number; first?: number; ratios?: number } = {};
    if (visitorRule && item.visitorHash) {
      const since = new Date(item.now.getTime() - HOUR_MS).toISOString();
      const key = `${item.visitorHash}|${since}|${visitorRule.value}`;
      if (!visitors.has(key)) {
        visitors.set(key, visitors.size + 1);
        params.hash.push(item.visitorHash);
        params.since.push(since);
        params.visitorLimit.push(visitorRule.value);
      }
      at.visitor = visitors.get(key);
    }
    if (firstRule) {
      const key = `${item.affiliateId}|${firstRule.value}`;
      if (!firsts.has(key)) {
        firsts.set(key, firsts.size + 1);
        params.affiliate.push(item.affiliateId);
        params.firstLimit.push(firstRule.value);
      }
      at.first = firsts.get(key);
    }
    if (list.some((r) => isRatioRule(r.rule))) {
      const { d30, d90 } = ratioWindows(item.now);
      const key = `${item.affiliateId}|${d90.getTime()}`;
      if (!ratioKeys.has(key)) {
        ratioKeys.set(key, ratioKeys.size + 1);
        params.ratioAffiliate.push(item.affiliateId);
        params.d30.push(d30.toISOString());
        params.d90.push(d90.toISOString());
      }
      at.ratios = ratioKeys.get(key);
    }
    return at;
  });
  if (!visitors.size && !firsts.size && !ratioKeys.size) return items.map(() => ({}));
  const answered = await runStatementOn<RatioCounts & { kind: number | string; ord: number | string; n: number | string }>(db, ruleCounts, Object.values(params));
  const byKind = new Map<string, RatioCounts & { n: number | string }>();
  for (const row of answered) byKind.set(`${row.kind}|${row.ord}`, row);
  return asked.map((at) => ({
    visitor: at.visitor === undefined ? undefined : Number(byKind.get(`1|${at.visitor}`)!.n),
    first: at.first === undefined ? undefined : Number(byKind.get(`2|${at.first}`)!.n),
    ratios: at.ratios === undefined ? undefined : ratiosFrom(byKind.get(`3|${at.ratios}`)!),
  }));
}

export function verdictOf(fired: readonly FraudRule[]): Verdict | null {
  if (!fired.length) return null;
  const action = fired.reduce<FraudAction>((a, r) => (fraudActionRank[r.action] > fraudActionRank[a] ? r.action : a), 'flag');
  const reason = fired.map((r) => fraudMessages.ruleReasons[r.rule](r.value)).join(' ');
  return { action, reason: reason.length > 255 ? `${reason.slice(0, 254)}…` : reason };
}
