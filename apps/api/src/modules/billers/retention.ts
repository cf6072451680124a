import { NETWORK_TIME_ZONE, type RetentionRow, type retentionQuerySchema } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { andScope, type Scope } from '../../lib/scope.ts';

/**
 * Retention of the subscriptions billers report, per affiliate and offer (the statistics screen):
 * subscriptions started in the period, those active now, rebills and churn (cancelled or expired)
 * in the period, and the churn rate churned / (active + churned). Only attributed subscriptions
 * count; an affiliate sees their own (the scope, in the query).
 */
export async function retention(db: Db, scope: Scope, q: z.output<typeof retentionQuerySchema>): Promise<RetentionRow[]> {
  const day = (column: string) => sql.raw(`(${column} AT TIME ZONE '${NETWORK_TIME_ZONE}')::date`);
  const inPeriod = (column: string) => {
    const parts = [sql`${sql.raw(column)} is not null`];
    if (q.from) parts.push(sql`${day(column)} >= ${q.from}::date`);
    if (q.to) parts.push(sql`${day(column)} <= ${q.to}::date`);
    return sql.join(parts, sql` and `);
  };
  const offer = q.offer_id ? sql` and s.offer_id = ${q.offer_id}` : sql``;
  const result = await db.execute(sql`
    select s.affiliate_id, coalesce(u.name, '') as affiliate_name, s.offer_id, coalesce(o.name, '') as offer_name,
      count(*) filter (where ${inPeriod('s.started_at')})::int as started,
      count(*) filter (where s.status = 'active')::int as active,
      count(*) filter (where ${inPeriod('s.cancelled_at')} or ${inPeriod('s.expired_at')})::int as churned,
      coalesce(sum((select count(*) from subscription_events e where e.subscription_id = s.id and e.type = 'rebill' and ${inPeriod('e.occurred_at')})), 0)::int as rebills
    from subscriptions s
    left join offers o on o.id = s.offer_id
    left join users u on u.id = s.affiliate_id
    where s.affiliate_id is not null and s.offer_id is not null ${offer} ${andScope(scope, sql`s.affiliate_id`)}
    group by s.affiliate_id, u.name, s.offer_id, o.name
    order by s.affiliate_id, s.offer_id`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((r) => {
    const active = Number(r.active);
    const churned = Number(r.churned);
    return {
      affiliate_id: Number(r.affiliate_id),
      affiliate_name: String(r.affiliate_name),
      offer_id: Number(r.offer_id),
      offer_name: String(r.offer_name),
      started: Number(r.started),
      active,
      rebills: Number(r.rebills),
      churned,
      churn_rate: active + churned === 0 ? 0 : Math.round((churned / (active + churned)) * 10000) / 10000,
    };
  });
}
