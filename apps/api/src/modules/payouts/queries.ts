import { type Payout, type PayoutDetail, type PayoutHoldReason, type PayoutListQuery, type PayoutStatus, payoutMessages, payoutSections, type payoutListQuerySchema, type StatementRow, UNMARK_PAID_DAYS } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { andScope, type Scope, scopeCondition } from '../../lib/scope.ts';
import { cents, intArray, rows, toDollars } from './sql.ts';
import { payoutRows } from './window.ts';

/** Whose payouts: an affiliate's scope sees only their own (anything else is "not found"); the network's sees all. */

export interface PayoutRow {
  id: number;
  affiliate_id: number;
  affiliate_name: string;
  affiliate_email: string;
  period: string;
  status: PayoutStatus;
  gross_cents: unknown;
  withholding_cents: unknown;
  fee_cents: unknown;
  amount_cents: unknown;
  method: string;
  /** The method it is paid by: the affiliate's own until a run takes it or it is paid. */
  paid_by?: string | null;
  method_name: string | null;
  bank_id: number | null;
  bank_name: string | null;
  hold_reasons: string[];
  reject_reason: string | null;
  reference: string | null;
  invoice_year: number;
  invoice_seq: number;
  from_cutoff: Date | string | null;
  cutoff: Date | string;
  previous_created_at: Date | string | null;
  billing: Record<string, unknown>;
  created_at: Date | string;
  approved_at: Date | string | null;
  paid_at: Date | string | null;
  /** When it was last marked paid (its transition), while it is paid. */
  marked_paid_at?: Date | string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export const invoiceNumber = (year: number, seq: number): string => `${year}-${String(seq).padStart(6, '0')}`;

export function toPayout(r: PayoutRow): Payout {
  return {
    id: r.id,
    period: r.period,
    status: r.status,
    amount: toDollars(cents(r.amount_cents)),
    gross: toDollars(cents(r.gross_cents)),
    withholding: toDollars(cents(r.withholding_cents)),
    fee: toDollars(cents(r.fee_cents)),
    currency: 'USD',
    method: r.paid_by ?? r.method,
    method_name: r.method_name ?? ((r.paid_by ?? r.method) === 'none' ? 'Not chosen' : (r.paid_by ?? r.method)),
    bank: r.bank_id === null ? null : { id: r.bank_id, name: r.bank_name ?? `#${r.bank_id}` },
    affiliate: { id: r.affiliate_id, name: r.affiliate_name, email: r.affiliate_email },
    hold_reasons: r.hold_reasons as PayoutHoldReason[],
    reject_reason: r.reject_reason,
    invoice_number: invoiceNumber(r.invoice_year, r.invoice_seq),
    created_at: iso(r.created_at)!,
    approved_at: iso(r.approved_at),
    paid_at: iso(r.paid_at),
    reference: r.reference,
    unmark_paid_until: r.marked_paid_at ? new Date(new Date(r.marked_paid_at).getTime() + UNMARK_PAID_DAYS * 86_400_000).toISOString() : null,
  };
}

/**
 * The method a payout is paid by (docs/payment-runs.md, Made): the affiliate's method when it is
 * paid. Until then (held, to approve, to pay and in no open run) it is the method the affiliate has
 * chosen now, when it is active; once a run holds it or it is paid, the method written on it.
 */
const paidBy = sql`left join lateral (select case
      when p.status in ('held', 'to_approve', 'to_pay') and not exists (select 1 from payment_run_items i where i.payout_id = p.id and i.open)
      then coalesce((select cm.type from billing_accounts ba join payment_methods cm on cm.id = ba.payment_method_id where ba.user_id = p.affiliate_id and cm.is_active), p.method)
      else p.method end as method) m on true`;

const selectPayouts = sql`select p.*, m.method as paid_by, u.name as affiliate_name, u.email as affiliate_email, pm.name as method_name, b.name as bank_name,
    case when p.status = 'paid' then (select max(t.at) from payout_transitions t where t.payout_id = p.id and t.to_status = 'paid') end as marked_paid_at
  from payouts p
  join users u on u.id = p.affiliate_id
  ${paidBy}
  left join payment_methods pm on pm.type = m.method
  left join banks b on b.id = p.bank_id`;

const sortColumns: Record<string, SQL> = {
  id: sql`p.id`,
  period: sql`p.period`,
  amount: sql`p.amount_cents`,
  status: sql`p.status`,
  created_at: sql`p.created_at`,
  paid_at: sql`p.paid_at`,
  affiliate: sql`lower(u.name)`,
};

export async function listPayouts(db: Db, scope: Scope, query: z.output<typeof payoutListQuerySchema>) {
  const where: SQL[] = [];
  const scoped = scopeCondition(scope, sql`p.affiliate_id`);
  if (scoped) where.push(scoped);
  const statuses: readonly string[] | undefined = query.status ?? (query.section ? payoutSections[query.section] : undefined);
  if (statuses) where.push(sql`p.status = any(${`{${statuses.join(',')}}`}::text[])`);
  if (query.period) where.push(sql`p.period = ${query.period}`);
  if (query.method) where.push(sql`m.method = ${query.method}`);
  if (query.affiliate_id) where.push(sql`p.affiliate_id = ${query.affiliate_id}`);
  if (query.affiliate) {
    const like = `%${query.affiliate.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(u.name ilike ${like} or u.email ilike ${like})`);
  }
  if (query.amount_min !== undefined) where.push(sql`p.amount_cents >= ${Math.round(query.amount_min * 100)}`);
  if (query.amount_max !== undefined) where.push(sql`p.amount_cents <= ${Math.round(query.amount_max * 100)}`);
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order = sql`order by ${sortColumns[query.sort]} ${query.order === 'asc' ? sql`asc` : sql`desc`} nulls last, p.id desc`;
  const page = query.per_page === 0 ? sql`` : sql`limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`;
  const [items, totals] = await Promise.all([
    rows<PayoutRow>(db, sql`${selectPayouts} ${filter} ${order} ${page}`),
    rows<{ count: unknown; amount: unknown; gross: unknown; withholding: unknown; fee: unknown }>(
      db,
      sql`select count(*) as count, coalesce(sum(p.amount_cents), 0)::bigint as amount, coalesce(sum(p.gross_cents), 0)::bigint as gross,
            coalesce(sum(p.withholding_cents), 0)::bigint as withholding, coalesce(sum(p.fee_cents), 0)::bigint as fee
          from payouts p join users u on u.id = p.affiliate_id ${paidBy} ${filter}`,
    ),
  ]);
  const t = totals[0]!;
  const total = Number(t.count);
  return {
    data: items.map(toPayout),
    meta: {
      total,
      page: query.page,
      per_page: query.per_page === 0 ? Math.max(total, 1) : query.per_page,
      totals: { count: total, amount: toDollars(cents(t.amount)), gross: toDollars(cents(t.gross)), withholding: toDollars(cents(t.withholding)), fee: toDollars(cents(t.fee)) },
    },
  };
}

export type { PayoutListQuery };

/** One payout as its row; 404 when it is outside the scope. */
export async function findPayout(db: Db, scope: Scope, id: number): Promise<PayoutRow> {
  const [row] = await rows<PayoutRow>(db, sql`${selectPayouts} where p.id = ${id} ${andScope(scope, sql`p.affiliate_id`)}`);
  if (!row) throw new NotFoundError(payoutMessages.notFound);
  return row;
}

interface LedgerRow {
  id: number;
  kind: string;
  amount_cents: unknown;
  created_at: Date | string;
  offer_id: number | null;
  offer_name: string | null;
  conversion_id: number | null;
  reason: string | null;
  payout_type: string | null;
  reverses_id: number | null;
  payout_id: number | null;
}

const kindNames: Record<string, string> = {
  earning: 'Earning',
  reversal: 'Reversal',
  referral_commission: 'Referral commission',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
  withholding: 'Tax withholding',
  fee: 'Fee',
  payout: 'Payout',
};

function describe(r: LedgerRow, payoutId: number): string {
  if (r.payout_id !== null && r.payout_id !== payoutId && r.reverses_id !== null) return `Returned from rejected payout #${r.payout_id}`;
  const base = kindNames[r.kind] ?? r.kind;
  const parts = [base];
  if (r.offer_name) parts.push(r.offer_name);
  if (r.payout_type) parts.push(r.payout_type);
  if (r.reason) parts.push(r.reason);
  return parts.join(' - ');
}

/** Every ledger row behind a payout, oldest first; the amounts add up to the payout's amount. */
export async function statementOf(db: Db, p: PayoutRow): Promise<StatementRow[]> {
  const list = await rows<LedgerRow>(
    db,
    sql`select s.id, s.kind, s.amount_cents, s.created_at, s.offer_id, o.name as offer_name, s.conversion_id, s.reason, s.payout_type, s.reverses_id, s.payout_id
        from (${payoutRows({
          id: p.id,
          affiliateId: p.affiliate_id,
          fromCutoff: p.from_cutoff === null ? null : new Date(p.from_cutoff),
          cutoff: new Date(p.cutoff),
          previousCreatedAt: p.previous_created_at === null ? null : new Date(p.previous_created_at),
          createdAt: new Date(p.created_at),
        })}) s
        left join offers o on o.id = s.offer_id
        order by s.created_at, s.id`,
  );
  return list.map((r) => ({
    id: r.id,
    kind: r.payout_id !== null && r.payout_id !== p.id && r.reverses_id !== null ? 'rejected_payout_return' : r.kind,
    created_at: new Date(r.created_at).toISOString(),
    amount: toDollars(cents(r.amount_cents)),
    offer: r.offer_id === null ? null : { id: r.offer_id, name: r.offer_name ?? `#${r.offer_id}` },
    conversion_id: r.conversion_id,
    description: describe(r, p.id),
  }));
}

/**
 * The payout's history: its making by the period close (the period row says who closed it and
 * the payout when; the close writes no row per payout, to stay fast), then every recorded move.
 */
export async function transitionsOf(db: Db, p: PayoutRow): Promise<PayoutDetail['transitions']> {
  const list = await rows<{ from_status: PayoutStatus | null; to_status: PayoutStatus; by_user_id: number | null; by_name: string | null; reason: string | null; at: Date | string }>(
    db,
    sql`select t.from_status, t.to_status, t.by_user_id, u.name as by_name, t.reason, t.at
        from payout_transitions t left join users u on u.id = t.by_user_id where t.payout_id = ${p.id} order by t.id`,
  );
  const [closer] = await rows<{ id: number | null; name: string | null }>(
    db,
    sql`select u.id, u.name from payout_periods pp left join users u on u.id = pp.closed_by where pp.period = ${p.period}`,
  );
  const made = {
    from: null,
    to: list[0]?.from_status ?? p.status,
    by: closer?.id ? { id: closer.id, name: closer.name ?? '' } : null,
    at: iso(p.created_at)!,
    reason: 'Period closed',
  };
  return [
    made,
    ...list.map((t) => ({
      from: t.from_status,
      to: t.to_status,
      by: t.by_user_id === null ? null : { id: t.by_user_id, name: t.by_name ?? '' },
      at: new Date(t.at).toISOString(),
      reason: t.reason,
    })),
  ];
}

export async function payoutDetail(db: Db, scope: Scope, id: number): Promise<PayoutDetail> {
  const row = await findPayout(db, scope, id);
  const [statement, transitions] = await Promise.all([statementOf(db, row), transitionsOf(db, row)]);
  return { ...toPayout(row), transitions, statement };
}

/** Sums of an affiliate's payouts by status, in cents. */
export async function payoutSums(db: Db, affiliateIds: readonly number[]): Promise<Map<number, Record<PayoutStatus, number>>> {
  const list = await rows<{ affiliate_id: number; status: PayoutStatus; amount: unknown }>(
    db,
    sql`select affiliate_id, status, sum(amount_cents)::bigint as amount from payouts where affiliate_id = any(${intArray(affiliateIds)}::int[]) group by affiliate_id, status`,
  );
  const out = new Map<number, Record<PayoutStatus, number>>();
  for (const id of affiliateIds) out.set(id, { to_approve: 0, to_pay: 0, paid: 0, rejected: 0, held: 0, returned: 0 });
  for (const r of list) out.get(r.affiliate_id)![r.status] = cents(r.amount);
  return out;
}
