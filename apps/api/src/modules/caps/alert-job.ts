import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { fromHundredths } from '../../lib/money-units.ts';

/** The job of one cap alert (enqueued by `alertOnce`); the email module sends it (email/cap-alert.ts). */
export interface CapAlertPayload {
  cap_id: number;
  period_start: string;
}

const periodWords: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', total: 'total' };
const amount = (metric: string, n: number) => (metric === 'payout' ? `$${fromHundredths(n).toFixed(2)}` : String(n));

/** The `cap_alert` email's values for a cap that crossed its alert threshold; null when the cap was deleted since. */
export async function capAlertVars(db: Db, payload: CapAlertPayload, publicUrl: string): Promise<Record<string, string> | null> {
  const [cap] = await rows<{ offer_id: number; offer: string; metric: string; period: string; mode: string; limit: number | string; used: number | string; affiliate: string | null }>(
    db,
    sql`select c.offer_id, o.name as offer, c.metric, c.period, c.mode, c."limit", k.used, u.name as affiliate
      from caps c join offers o on o.id = c.offer_id join cap_counters k on k.cap_id = c.id and k.period_start = ${payload.period_start}::date
      left join users u on u.id = c.affiliate_id where c.id = ${payload.cap_id}`,
  );
  if (!cap) return null;
  const limit = Number(cap.limit);
  const used = Number(cap.used);
  return {
    offer: cap.offer,
    cap: `the ${periodWords[cap.period] ?? cap.period} ${cap.mode} cap on ${cap.metric}${cap.affiliate ? ` for ${cap.affiliate}` : ''}`,
    // At its limit the cap is reached (a hard one refuses from now on), below it nearly.
    state: used >= limit ? 'is reached' : 'is nearly reached',
    used: amount(cap.metric, used),
    limit: amount(cap.metric, limit),
    percent: `${Math.floor((used * 100) / limit)}%`,
    link: `${publicUrl}/offers/${cap.offer_id}`,
  };
}
