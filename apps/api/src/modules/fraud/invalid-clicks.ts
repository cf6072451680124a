import type { InvalidClicksRow } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { addDays, statsDay } from '../../lib/days.ts';

/** The Fraud screen shows this many affiliates, most invalid clicks first. */
const SHOWN = 100;

/**
 * Invalid clicks by affiliate and reason over the last `days` Los Angeles days (today included), from
 * the daily totals the click writer keeps (never the raw clicks): the affiliates with any, most first.
 */
export async function invalidClicksByAffiliate(db: Db, days: number, now: Date): Promise<InvalidClicksRow[]> {
  const to = statsDay(now);
  const from = addDays(to, -(days - 1));
  const list = await rows<{ id: number; name: string; email: string; clicks: unknown; bot: unknown; datacenter: unknown; repeat: unknown; burst: unknown }>(
    db,
    sql`select u.id, u.name, u.email, s.clicks, s.bot, s.datacenter, s.repeat, s.burst
        from (select affiliate_id, sum(clicks)::bigint as clicks, sum(bot_clicks)::bigint as bot, sum(datacenter_clicks)::bigint as datacenter,
                sum(repeat_clicks)::bigint as repeat, sum(burst_clicks)::bigint as burst
              from stats_daily_totals
              where day between ${from}::date and ${to}::date and affiliate_id <> 0
              group by affiliate_id
              having sum(bot_clicks + datacenter_clicks + repeat_clicks + burst_clicks) > 0) s
        join users u on u.id = s.affiliate_id
        order by (s.bot + s.datacenter + s.repeat + s.burst) desc, u.id
        limit ${SHOWN}`,
  );
  return list.map((r) => {
    const [clicks, bot, datacenter, repeat, burst] = [r.clicks, r.bot, r.datacenter, r.repeat, r.burst].map(Number) as [number, number, number, number, number];
    return { affiliate: { id: r.id, name: r.name, email: r.email }, clicks, invalid: bot + datacenter + repeat + burst, bot, datacenter, repeat, burst };
  });
}
