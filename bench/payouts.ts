// Period close speed (issue 12, Tests and speed).
//   npm run bench:payouts [-- --affiliates=10000 --rows=1000000]
//   smoke run: npm run bench:payouts -- --affiliates=500 --rows=50000
// On PostgreSQL (a bench_<random> database, dropped afterwards): 10,000 affiliates with complete
// billing details (a tenth with a custom split fee, a third with tax withheld), and 1 million
// ledger rows for last month written straight in SQL: earnings of real conversions, 3 % reversed,
// and bonuses. Then, in the same run:
//   - baseline: a plain `select sum(amount_cents)` over the same rows (median of 5);
//   - closePeriod() of the payouts service (what POST /v1/payouts/close-period runs): one payout
//     per affiliate, its withholding, fee and payout ledger rows, its invoice number and transition.
// Prints both times, rows per second and the ratio, and checks, not timed, that it reconciles to the
// cent: payouts plus the balance left equal the ledger; each payout's gross, withholding, fees and
// payout row equal its ledger rows; one invoice number each, no gap; the statements and invoice lines
// the product makes (a sample: the biggest and a spread) sum to their payouts.
// Goal: the close under 30 s and within 5x of the plain sum; at 100,000 affiliates and 10 million
// rows (npm run bench:payouts -- --affiliates=100000 --rows=10000000), under 10 s. Reports, never gates.
// --keep leaves the database for EXPLAIN.
import { loadavg } from 'node:os';
import { addPeriods } from '@portal/contracts';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { networkScope } from '../apps/api/src/lib/scope.ts';
import { closePeriod } from '../apps/api/src/modules/payouts/close.ts';
import { invoiceLines } from '../apps/api/src/modules/payouts/documents.ts';
import { findPayout, statementOf } from '../apps/api/src/modules/payouts/queries.ts';
import { periodEnd, periodOf, periodStart } from '../apps/api/src/modules/payouts/periods.ts';
import { createDatabase, describeMachine, fmt, goalLine, keepDatabase, onCleanup, runBenchmark, numberOption } from './support/common.ts';

const AFFILIATES = numberOption('affiliates', 10_000, 200_000);
const ROWS = numberOption('rows', 1_000_000, 20_000_000);
const GOAL_SECONDS = 30;
const GOAL_RATIO = 5;
// At a big network's size (100,000 affiliates, 10 million rows): the close in at most 10 s.
const GOAL_BIG_SECONDS = 10;
// --keep: leave the database for EXPLAIN (its name is printed; drop it afterwards).
const KEEP = process.argv.includes('--keep');

const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

async function main(): Promise<void> {
  console.log('Payouts: closing a period, against a plain sum over the same ledger rows');
  console.log(describeMachine('PostgreSQL on 127.0.0.1'));
  console.log(`data: ${fmt(AFFILIATES)} affiliates, ${fmt(ROWS)} ledger rows in one month`);

  const database = await createDatabase();
  const app = await openDatabase({ kind: 'postgres', url: database.url });
  onCleanup(() => app.close());
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  onCleanup(() => pool.end());
  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Array<Record<string, unknown>>;

  const period = addPeriods(periodOf(new Date()), -1);
  const start = periodStart(period);
  const span = periodEnd(period).getTime() - start.getTime();
  const t0 = performance.now();

  await q(`insert into payment_methods (type, name, min_payout_cents, fee_cents) values ('paypal', 'PayPal', 5000, 0), ('wire', 'Wire transfer', 20000, 2500)`);
  await q(`insert into tax_withholdings (country, recipient_type, rate_bp) values ('US', 'individual', 2400), ('US', 'company', 0)`);
  await q(`insert into users (email, name, is_client, is_active) select 'aff' || g || '@bench.example', 'Affiliate ' || g, true, true from generate_series(1, $1::int) g`, [AFFILIATES]);
  await q(`insert into users (email, name, is_client, is_active) values ('staff@bench.example', 'Staff', false, true)`);
  const [staff] = await q(`select id from users where not is_client`);
  await q(
    `insert into affiliate_profiles (user_id, address, city, postal_code, country)
     select id, id || ' Main St', 'Austin', '73301', case when id % 3 = 0 then 'US' else 'DE' end from users where is_client`,
  );
  await q(
    `insert into billing_accounts (user_id, recipient_type, payment_method_id, details, is_complete)
     select u.id, 'individual', (select id from payment_methods where type = case when u.id % 4 = 0 then 'wire' else 'paypal' end),
            jsonb_build_object('email', 'pay' || u.id || '@bench.example'), true
       from users u where u.is_client`,
  );
  await q(`insert into split_fees (affiliate_id, rate_bp) select id, 1000 from users where is_client and id % 10 = 0`);
  await q(`insert into sites (name, display_name, url) values ('bench', 'BENCH', 'https://bench.example')`);
  await q(`insert into offers (site_id, name, payout_type, default_payout) select (select id from sites), 'Offer ' || g, 'cpa', 3500 from generate_series(1, 20) g`);
  const [ids] = await q(`select min(id) as lo from users where is_client`);
  const lo = Number(ids!.lo);
  const [offers] = await q(`select min(id) as lo from offers`);
  const offerLo = Number(offers!.lo);

  // Earnings (with their conversions), a few reversed, and bonuses: ROWS ledger rows in all.
  const reversals = Math.floor(ROWS * 0.03);
  const bonuses = Math.floor(ROWS * 0.02);
  const earnings = ROWS - reversals - bonuses;
  // Skewed: a few affiliates get most of it; every affiliate gets at least some.
  const affiliateOf = (g: string) => `${lo} + least(${AFFILIATES - 1}, floor(${AFFILIATES} * power(((${g}::bigint * 7919) % 100003)::float8 / 100003, 2)))::int`;
  const at = (g: string) => `'${start.toISOString()}'::timestamptz + ((${g}::bigint * 104729) % ${span}) * interval '1 millisecond'`;
  await q(
    `insert into conversions (site_id, transaction_id, type, amount_cents, affiliate_id, offer_id, status, day, created_at)
     select (select id from sites), 'tx' || g, 'sale', 4000, case when g <= ${AFFILIATES} then ${lo} + g - 1 else ${affiliateOf('g')} end,
            ${offerLo} + g % 20, 'approved', (${at('g')})::date, ${at('g')}
       from generate_series(1, ${earnings}) g`,
  );
  await q(
    `insert into ledger_entries (affiliate_id, kind, amount_cents, payout_type, conversion_id, offer_id, day, created_at)
     select affiliate_id, 'earning', 1000 + (id % 9000), 'cpa', id, offer_id, day, created_at from conversions`,
  );
  await q(
    `insert into ledger_entries (affiliate_id, kind, amount_cents, conversion_id, offer_id, reverses_id, day, created_at)
     select affiliate_id, 'reversal', -amount_cents, conversion_id, offer_id, id, day, created_at + interval '1 day'
       from ledger_entries where kind = 'earning' and id % ${Math.max(1, Math.floor(earnings / Math.max(reversals, 1)))} = 0 limit ${reversals}`,
  );
  await q(
    `insert into ledger_entries (affiliate_id, kind, amount_cents, created_by, reason, day, created_at)
     select ${lo} + (g % ${AFFILIATES}), 'bonus', 500 + g % 5000, ${Number(staff!.id)}, 'Bench bonus', (${at('g')})::date, ${at('g')}
       from generate_series(1, ${bonuses}) g`,
  );
  await q('vacuum analyze');
  const [count] = await q(`select count(*)::int as n, sum(amount_cents)::bigint as total, pg_size_pretty(pg_database_size(current_database())) as disk from ledger_entries`);
  const rowCount = Number(count!.n);
  console.log(`generated ${fmt(rowCount)} ledger rows (${fmt(earnings)} earnings, ${fmt(reversals)} reversals, ${fmt(bonuses)} bonuses) in ${seconds(performance.now() - t0)}; the database takes ${String(count!.disk)}`);

  // Both read the same rows: everything before the cutoff, which is the period's end 15 days on.
  const now = new Date(periodEnd(period).getTime() + 15 * 86_400_000);
  const cutoff = periodEnd(period);
  const sums: number[] = [];
  let plain = 0;
  for (let i = 0; i < 5; i++) {
    const s0 = performance.now();
    const [r] = await q(`select sum(amount_cents)::bigint as total from ledger_entries where created_at < $1`, [cutoff]);
    sums.push(performance.now() - s0);
    plain = Number(r!.total);
  }
  sums.sort((a, b) => a - b);
  const sumMs = sums[2]!;

  const c0 = performance.now();
  const steps: string[] = [];
  const result = await closePeriod(app.db, period, { now, onStep: (step, ms) => steps.push(`  of which ${step}: ${seconds(ms)}`) });
  const closeMs = performance.now() - c0;
  const closeLoad = loadavg()[0] ?? 0;

  const [check] = await q(
    `select (select count(*)::int from payouts) as payouts, (select coalesce(sum(gross_cents), 0)::bigint from payouts) as gross,
            (select coalesce(sum(amount_cents), 0)::bigint from ledger_entries) as left_over,
            (select count(*)::int from ledger_entries where payout_id is not null) as written,
            (select max(last) from invoice_counters) as last_invoice`,
  );
  const gross = Number(check!.gross);
  const leftOver = Number(check!.left_over);
  const ratio = closeMs / sumMs;

  console.log('');
  console.log(`plain sum (median of 5):  ${seconds(sumMs)}  ${fmt(rowCount / (sumMs / 1000))} rows/s  (total $${fmt(plain / 100, 2)})`);
  console.log(`period close:             ${seconds(closeMs)}  ${fmt(rowCount / (closeMs / 1000))} rows/s`);
  for (const line of steps) console.log(line);
  console.log(`  ${fmt(result.payouts)} payouts (${fmt(result.held)} held), ${fmt(result.carried_over)} carried over, $${fmt(result.amount, 2)} to pay; ${fmt(Number(check!.written))} ledger rows written; last invoice number ${check!.last_invoice}`);
  console.log(`ratio close / plain sum:  ${fmt(ratio, 1)}x`);
  const balanced = gross + leftOver === Number(count!.total);
  console.log(`  ${balanced ? 'OK  ' : 'FAIL'} payouts (gross $${fmt(gross / 100, 2)}) + balance left ($${fmt(leftOver / 100, 2)}) = everything earned ($${fmt(Number(count!.total) / 100, 2)})`);

  // Every payout against the ledger, in cents (not timed): its window's rows (what its statement lists
  // before the deductions) sum to its gross; its withholding and fee rows to its deductions; its payout
  // row is minus its amount; gross - withholding - fees = amount; invoice numbers one per payout, no gap.
  const c1 = performance.now();
  const [every] = await q(
    `with w as (
       select p.id, sum(l.amount_cents) filter (where l.payout_id is null and l.created_at < p.cutoff and (p.from_cutoff is null or l.created_at >= p.from_cutoff)) as window_cents,
              coalesce(sum(l.amount_cents) filter (where l.payout_id = p.id and l.kind = 'withholding'), 0) as withholding_cents,
              coalesce(sum(l.amount_cents) filter (where l.payout_id = p.id and l.kind = 'fee'), 0) as fee_cents,
              coalesce(sum(l.amount_cents) filter (where l.payout_id = p.id and l.kind = 'payout'), 0) as payout_cents
         from payouts p join ledger_entries l on l.affiliate_id = p.affiliate_id
        group by p.id)
     select count(*)::int as payouts,
            count(*) filter (where w.window_cents is distinct from p.gross_cents)::int as gross_off,
            count(*) filter (where -w.withholding_cents <> p.withholding_cents or -w.fee_cents <> p.fee_cents)::int as deductions_off,
            count(*) filter (where -w.payout_cents <> p.amount_cents)::int as payout_row_off,
            count(*) filter (where p.gross_cents - p.withholding_cents - p.fee_cents <> p.amount_cents)::int as arithmetic_off,
            count(distinct (p.invoice_year, p.invoice_seq))::int as invoices,
            (max(p.invoice_seq) - min(p.invoice_seq) + 1)::int as invoice_span
       from payouts p join w on w.id = p.id`,
  );
  const everyOk =
    Number(every!.payouts) === result.payouts && Number(every!.gross_off) === 0 && Number(every!.deductions_off) === 0 && Number(every!.payout_row_off) === 0 &&
    Number(every!.arithmetic_off) === 0 && Number(every!.invoices) === result.payouts && Number(every!.invoice_span) === result.payouts;
  console.log(
    `  ${everyOk ? 'OK  ' : 'FAIL'} each of ${fmt(Number(every!.payouts))} payouts against its ledger rows: gross off ${every!.gross_off}, deductions off ${every!.deductions_off}, payout row off ${every!.payout_row_off}, arithmetic off ${every!.arithmetic_off}; ${fmt(Number(every!.invoices))} invoice numbers over a span of ${fmt(Number(every!.invoice_span))} (${seconds(performance.now() - c1)})`,
  );

  // The documents as the product makes them, for the biggest payouts and a spread of others: the
  // statement (GET /v1/payouts/:id/statement) sums to the amount, the invoice's lines to the same.
  const c2 = performance.now();
  const sample = await q(
    `(select id from payouts order by gross_cents desc limit 20) union (select id from payouts where id % greatest(1, (select count(*) from payouts) / 200) = 0)`,
  );
  let documentsOff = 0;
  for (const { id } of sample) {
    const payout = await findPayout(app.db, networkScope, Number(id));
    const statement = await statementOf(app.db, payout);
    const amount = Number(payout.amount_cents);
    const statementCents = statement.reduce((t, r) => t + Math.round(r.amount * 100), 0);
    const lines = invoiceLines(statement);
    const invoiceCents = [...lines.earnings, ...lines.deductions].reduce((t, l) => t + Math.round(l.amount * 100), 0);
    if (statementCents !== amount || invoiceCents !== amount) documentsOff++;
  }
  const documentsOk = documentsOff === 0 && sample.length > 0;
  console.log(`  ${documentsOk ? 'OK  ' : 'FAIL'} statements and invoice lines of ${sample.length} payouts (the 20 biggest and a spread) sum to their amounts: ${documentsOff} off (${seconds(performance.now() - c2)})`);

  const reconciled = balanced && everyOk && documentsOk;
  console.log(goalLine(`close under ${GOAL_SECONDS} s`, closeMs < GOAL_SECONDS * 1000, seconds(closeMs)));
  console.log(goalLine(`close within ${GOAL_RATIO}x of the plain sum`, ratio <= GOAL_RATIO, `${fmt(ratio, 1)}x`));
  if (AFFILIATES >= 100_000 && ROWS >= 10_000_000) console.log(goalLine(`close of ${fmt(AFFILIATES)} affiliates and ${fmt(ROWS)} rows under ${GOAL_BIG_SECONDS} s`, closeMs <= GOAL_BIG_SECONDS * 1000, `${seconds(closeMs)} (load ${fmt(closeLoad, 1)})`));
  console.log(goalLine('reconciles to the cent', reconciled, reconciled ? 'every check above' : 'see FAIL above'));
  if (!reconciled) process.exitCode = 1;
  if (KEEP) {
    console.log(`\n--keep: database ${database.name} is left for EXPLAIN; drop it with: dropdb -h 127.0.0.1 -U postgres ${database.name}`);
    keepDatabase(database.name);
  }
}

runBenchmark(main);
