import { type PayoutTimeline, payoutMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { andScope, type Scope } from '../../lib/scope.ts';
import { coolingOffDays } from '../money-settings/index.ts';
import { rows } from '../payouts/index.ts';

type Step = PayoutTimeline['steps'][number];
const iso = (v: Date | string) => new Date(v).toISOString();
const money = (minor: string | number | null) => (minor === null ? null : Math.round(Number(minor)) / 100);
const DAY = 86_400_000;

/**
 * GET /v1/payouts/{id}/timeline (docs/payment-runs.md, The affiliate's timeline): approved, in a run,
 * sent (with the reference to quote to the bank and the amount sent in its currency), accepted,
 * returned with the reason, a correction the bank asks for, paid again by a later payout; and the
 * cooling-off hold while the payee's details are new. The scope is in the query: an affiliate's
 * payout only, a manager's affiliates' only.
 */
export async function payoutTimeline(db: Db, scope: Scope, payoutId: number, now = new Date()): Promise<PayoutTimeline> {
  const [payout] = await rows<{ id: number; affiliate_id: number; approved_at: Date | string | null; status: string; details_changed_at: Date | string | null }>(
    db,
    sql`select p.id, p.affiliate_id, p.approved_at, p.status, ba.updated_at as details_changed_at
        from payouts p left join billing_accounts ba on ba.user_id = p.affiliate_id
        where p.id = ${payoutId} ${andScope(scope, sql`p.affiliate_id`)}`,
  );
  if (!payout) throw new NotFoundError(payoutMessages.notFound);
  const steps: Step[] = [];
  const blank = { reference: null, reason: null, amount: null, amount_sent: null, currency: null };
  if (payout.approved_at) steps.push({ kind: 'approved', at: iso(payout.approved_at), ...blank });

  const events = await rows<{ kind: string; at: Date | string; reason: string | null; reference: string; amount_cents: string; amount_sent_minor: string; currency: string }>(
    db,
    sql`select e.kind, e.at, e.reason, i.reference, i.amount_cents, i.amount_sent_minor, i.currency
        from payment_run_item_events e join payment_run_items i on i.id = e.item_id
        where i.payout_id = ${payoutId} order by e.at, e.id`,
  );
  let returnedAt: Date | null = null;
  for (const e of events) {
    const figures = { reference: e.reference, amount: money(e.amount_cents), amount_sent: money(e.amount_sent_minor), currency: e.currency };
    if (e.kind === 'in_run' || e.kind === 'sent' || e.kind === 'accepted') steps.push({ kind: e.kind, at: iso(e.at), ...figures, reason: null });
    else if (e.kind === 'returned') {
      steps.push({ kind: 'returned', at: iso(e.at), ...figures, reason: e.reason });
      returnedAt = new Date(e.at);
    } else if (e.kind === 'notice') steps.push({ kind: 'correction', at: iso(e.at), ...figures, reason: e.reason });
  }
  if (returnedAt) {
    // The returned money is paid by the affiliate's next payout once it is paid.
    const [next] = await rows<{ paid_at: Date | string; reference: string | null; amount_cents: string }>(
      db,
      sql`select paid_at, reference, amount_cents from payouts where affiliate_id = ${payout.affiliate_id} and created_at > ${returnedAt} and status = 'paid' order by id limit 1`,
    );
    if (next) steps.push({ kind: 'paid_again', at: iso(next.paid_at), reference: next.reference, reason: null, amount: money(next.amount_cents), amount_sent: null, currency: 'USD' });
  }
  const days = await coolingOffDays(db);
  if (payout.details_changed_at && (payout.status === 'to_pay' || payout.status === 'to_approve') && days > 0) {
    const changed = new Date(payout.details_changed_at);
    const until = new Date(changed.getTime() + days * DAY);
    if (until > now) steps.push({ kind: 'cooling_off', at: iso(changed), ...blank, reason: `Your payment details changed: for your safety, payments wait until ${until.toISOString().slice(0, 10)}.` });
  }
  return { payout_id: payoutId, steps };
}
