import { type PaymentMethodType, type PaymentRun, type PaymentRunCheck, type PaymentRunItemStatus, type PaymentRunStatus, type PaymentRunSummary, paymentRunMessages } from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { twoPersonApproval } from '../money-settings/index.ts';
import { markRunPayoutsPaid, networkDetails, rows } from '../payouts/index.ts';
import { makeRunFile, type RunFile, RunFileError } from './formats/index.ts';
import { filePayingAccount, type FrozenPayee, payeeName, runItemOf } from './payees.ts';

export interface RunRow {
  id: number;
  method: PaymentMethodType;
  status: PaymentRunStatus;
  currency: string;
  rate: string | null;
  message_id: string;
  execution_date: string;
  checks: PaymentRunCheck[];
  created_by: number;
  created_by_name: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  created_at: Date | string;
  approved_at: Date | string | null;
  sent_at: Date | string | null;
  count: number;
  amount_cents: string | number;
  sent_minor: string | number;
}

export interface ItemRow {
  id: number;
  payout_id: number;
  affiliate_id: number;
  paying_account_id: number | null;
  amount_cents: string | number;
  gross_cents: string | number;
  amount_sent_minor: string | number;
  currency: string;
  reference: string;
  status: PaymentRunItemStatus;
  reason: string | null;
  payee: FrozenPayee;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const money = (minor: string | number) => Math.round(Number(minor)) / 100;
const conflict = (message: string) => new AppError('conflict', message);

/** The run's row with its creator, approver and its open items' count and sums. */
const runSelect = sql`
  select r.id, r.method, r.status, r.currency, r.rate, r.message_id, r.execution_date::text as execution_date, r.checks,
    r.created_by, c.name as created_by_name, r.approved_by, a.name as approved_by_name, r.created_at, r.approved_at, r.sent_at,
    coalesce(t.count, 0)::int as count, coalesce(t.amount_cents, 0) as amount_cents, coalesce(t.sent_minor, 0) as sent_minor
  from payment_runs r
  left join users c on c.id = r.created_by
  left join users a on a.id = r.approved_by
  left join lateral (select count(*) as count, sum(i.amount_cents) as amount_cents, sum(i.amount_sent_minor) filter (where i.currency = r.currency) as sent_minor
    from payment_run_items i where i.run_id = r.id and (i.open or i.status <> 'in_run' or r.status = 'cancelled')) t on true`;

function toSummary(r: RunRow): PaymentRunSummary {
  return {
    id: r.id,
    method: r.method,
    status: r.status,
    currency: r.currency,
    rate: r.rate === null ? null : Number(r.rate),
    created_by: { id: r.created_by, name: r.created_by_name ?? '' },
    approved_by: r.approved_by === null ? null : { id: r.approved_by, name: r.approved_by_name ?? '' },
    created_at: iso(r.created_at)!,
    approved_at: iso(r.approved_at),
    sent_at: iso(r.sent_at),
    totals: { count: r.count, amount: money(r.amount_cents), amount_sent: money(r.sent_minor) },
  };
}

async function runRow(db: Db, id: number, lock = false): Promise<RunRow> {
  if (lock) await db.execute(sql`select id from payment_runs where id = ${id} for update`);
  const [row] = await rows<RunRow>(db, sql`${runSelect} where r.id = ${id}`);
  if (!row) throw new NotFoundError(paymentRunMessages.notFound);
  return row;
}

/** The run's items: those it holds or sent (a cancelled run: all it held when cancelled; a dropped item is gone). */
async function itemRows(db: Db, run: Pick<RunRow, 'id' | 'status'>): Promise<ItemRow[]> {
  return rows<ItemRow>(
    db,
    sql`select id, payout_id, affiliate_id, paying_account_id, amount_cents, gross_cents, amount_sent_minor, currency, reference, status, reason, payee
        from payment_run_items i where run_id = ${run.id}
          and ${run.status === 'cancelled' ? sql`not exists (select 1 from payment_run_item_events e where e.item_id = i.id and e.kind = 'dropped')` : sql`(open or status <> 'in_run')`}
        order by id`,
  );
}

export async function listRuns(db: Db, query: { status?: PaymentRunStatus; method?: PaymentMethodType; page: number; per_page: number }) {
  const where = sql`where true ${query.status ? sql`and r.status = ${query.status}` : sql``} ${query.method ? sql`and r.method = ${query.method}` : sql``}`;
  const [list, [total]] = await Promise.all([
    rows<RunRow>(db, sql`${runSelect} ${where} order by r.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from payment_runs r ${where}`),
  ]);
  return { data: list.map(toSummary), meta: { total: total?.n ?? 0, page: query.page, per_page: query.per_page } };
}

export async function getRun(db: Db, id: number): Promise<PaymentRun> {
  const run = await runRow(db, id);
  const items = await itemRows(db, run);
  const sum = (list: ItemRow[]) => ({ count: list.length, amount: money(list.reduce((s, i) => s + Number(i.amount_cents), 0)) });
  const sent = run.status === 'sent' ? items : [];
  const accepted = sum(sent.filter((i) => i.status === 'accepted'));
  const returned = sum(sent.filter((i) => i.status === 'returned'));
  const awaiting = sum(sent.filter((i) => i.status === 'sent'));
  const sentCents = sent.reduce((s, i) => s + Number(i.amount_cents), 0);
  const byCurrency = new Map<string, { count: number; minor: number }>();
  for (const i of items) {
    const c = byCurrency.get(i.currency) ?? { count: 0, minor: 0 };
    byCurrency.set(i.currency, { count: c.count + 1, minor: c.minor + Number(i.amount_sent_minor) });
  }
  return {
    ...toSummary(run),
    checks: run.checks,
    items: items.map((i) => ({
      payout_id: i.payout_id,
      affiliate_id: i.affiliate_id,
      amount: money(i.amount_cents),
      gross: money(i.gross_cents),
      amount_sent: money(i.amount_sent_minor),
      currency: i.currency,
      reference: i.reference,
      status: i.status,
      reason: i.reason,
      payee: payeeName(i.payee),
    })),
    reconciliation: {
      control_sums: [...byCurrency].map(([currency, c]) => ({ currency, count: c.count, amount_sent: money(c.minor) })),
      accepted,
      returned,
      awaiting,
      // In cents, so a difference of one cent shows as 0.01.
      difference: Math.round(sentCents - Math.round((accepted.amount + returned.amount + awaiting.amount) * 100)) / 100,
    },
    warnings: run.method === 'paypal' ? [paymentRunMessages.payPalWarning] : [],
  };
}

/** Draft -> approved, by a staff member other than its creator (unless the owner switched two-person approval off); immutable from then on. */
export async function approveRun(db: Db, id: number, by: number): Promise<void> {
  const twoPeople = await twoPersonApproval(db);
  await db.transaction(async (tx) => {
    const run = await runRow(tx, id, true);
    if (run.status !== 'draft') throw conflict(paymentRunMessages.notDraft);
    if (twoPeople && run.created_by === by) throw new AppError('forbidden', paymentRunMessages.ownRun);
    if (run.checks.length) throw conflict(paymentRunMessages.checksOpen);
    if (run.count === 0) throw conflict(paymentRunMessages.empty);
    await tx.execute(sql`update payment_runs set status = 'approved', approved_by = ${by}, approved_at = now() where id = ${id}`);
  });
}

/** Draft or approved -> cancelled: its payouts leave the run and are to pay again (a new run pays them). */
export async function cancelRun(db: Db, id: number, by: number): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await runRow(tx, id, true);
    if (run.status !== 'draft' && run.status !== 'approved') throw conflict(paymentRunMessages.notCancellable);
    await tx.execute(sql`insert into payment_run_item_events (item_id, kind, reason) select id, 'cancelled', ${`Payment run #${id} cancelled`} from payment_run_items where run_id = ${id} and open`);
    await tx.execute(sql`update payment_run_items set open = false, updated_at = now() where run_id = ${id} and open`);
    await tx.execute(sql`update payment_runs set status = 'cancelled', cancelled_by = ${by}, cancelled_at = now() where id = ${id}`);
  });
}

/** A draft run lets one payout go (it is to pay again); its checks go with it. */
export async function dropItem(db: Db, id: number, payoutId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await runRow(tx, id, true);
    if (run.status !== 'draft') throw conflict(paymentRunMessages.notDraft);
    const dropped = await rows<{ id: number }>(tx, sql`update payment_run_items set open = false, updated_at = now() where run_id = ${id} and payout_id = ${payoutId} and open returning id`);
    if (!dropped.length && !run.checks.some((c) => c.payout_id === payoutId)) throw new NotFoundError(paymentRunMessages.notInRun);
    for (const d of dropped) await tx.execute(sql`insert into payment_run_item_events (item_id, kind, reason) values (${d.id}, 'dropped', ${`Dropped from payment run #${id}`})`);
    const checks = run.checks.filter((c) => c.payout_id !== payoutId);
    await tx.execute(sql`update payment_runs set checks = ${JSON.stringify(checks)}::jsonb where id = ${id}`);
  });
}

/** Approved -> sent: its payouts are paid, each with its item's reference on the receipt. Answers the payout ids. */
export async function markRunSent(db: Db, id: number, by: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const run = await runRow(tx, id, true);
    if (run.status !== 'approved') throw conflict(paymentRunMessages.notApproved);
    const items = await itemRows(tx, run);
    const at = new Date();
    const paid = await markRunPayoutsPaid(tx, items.map((i) => ({ payoutId: i.payout_id, reference: i.reference })), by, id, at);
    await tx.execute(sql`update payment_run_items set status = 'sent', updated_at = ${at} where run_id = ${id} and open`);
    await tx.execute(sql`insert into payment_run_item_events (item_id, kind, at) select id, 'sent', ${at} from payment_run_items where run_id = ${id} and open`);
    await tx.execute(sql`update payment_runs set status = 'sent', sent_by = ${by}, sent_at = ${at} where id = ${id}`);
    return paid;
  });
}

/** The rail's file of the run, the same bytes at every download (its message id and moment are the run's). */
export async function runFile(db: Db, id: number): Promise<RunFile> {
  const run = await runRow(db, id);
  if (run.status === 'cancelled') throw conflict(paymentRunMessages.fileCancelled);
  const items = await itemRows(db, run);
  if (!items.length) throw conflict(paymentRunMessages.empty);
  // An account deactivated since the run was made still pays the run it was frozen in.
  const ids = [...new Set(items.flatMap((i) => (i.paying_account_id === null ? [] : [i.paying_account_id])))];
  const accounts = ids.length ? await db.select().from(banks).where(inArray(banks.id, ids)) : [];
  const network = await networkDetails(db);
  try {
    return makeRunFile(run.method, {
      run_id: String(run.id),
      message_id: run.message_id,
      created_at: new Date(run.created_at),
      execution_date: run.execution_date,
      initiating_party: network.name,
      paying_accounts: accounts.map(filePayingAccount),
      items: items.map((i) => runItemOf(i.payee, { reference: i.reference, payingAccountId: i.paying_account_id, amountSentMinor: Number(i.amount_sent_minor), currency: i.currency })),
    });
  } catch (err) {
    if (err instanceof RunFileError) throw conflict(err.message);
    throw err;
  }
}
