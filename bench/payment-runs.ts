// Payment runs on the database (docs/payment-runs.md, issue 35's benchmark).
//   npm run bench:payment-runs [-- --payouts=10000]
// On PostgreSQL (a bench_<random> database, dropped afterwards): twice `payouts` approved payouts
// to pay, half to SEPA IBANs (wire, paid in EUR at the day's rate) and half to US bank accounts
// (ACH), each affiliate with complete billing details saved a month ago, written straight in SQL.
// Then, as POST /v1/payment-runs and GET /v1/payment-runs/{id}/file do: the wire run is made
// (the payouts locked and frozen, every item checked) and its pain.001 made, then the same for the
// ACH run and its NACHA file. Prints each step's time; goal: each run made, checked and its file
// made in under 5 s. Reports, never gates.
import { payingAccountsInputSchema } from '@portal/contracts';
import { composeIBAN } from 'ibantools';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { putPayingAccounts } from '../apps/api/src/modules/money-settings/paying-accounts.ts';
import { createRun } from '../apps/api/src/modules/payment-runs/create.ts';
import { getRun, runFile } from '../apps/api/src/modules/payment-runs/service.ts';
import { laDate } from '../apps/api/src/modules/payouts/periods.ts';
import { createDatabase, describeMachine, fmt, goalLine, numberOption, onCleanup, runBenchmark } from './support/common.ts';

const PAYOUTS = numberOption('payouts', 10_000, 100_000);
const GOAL_MS = 5_000;
const DAY = 86_400_000;

async function main(): Promise<void> {
  console.log('Payment runs: made, checked and their files made, on the database');
  console.log(describeMachine('PostgreSQL on 127.0.0.1'));
  console.log(`data: ${fmt(PAYOUTS)} SEPA payouts and ${fmt(PAYOUTS)} ACH payouts to pay`);

  const database = await createDatabase();
  const app = await openDatabase({ kind: 'postgres', url: database.url });
  onCleanup(() => app.close());
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  onCleanup(() => pool.end());
  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Array<Record<string, unknown>>;

  const t0 = performance.now();
  await q(`insert into payment_methods (type, name, min_payout_cents, fee_cents) values ('wire', 'Wire transfer', 1000, 0), ('ach', 'ACH', 1000, 0)`);
  await putPayingAccounts(
    app.db,
    payingAccountsInputSchema.parse({
      accounts: [
        { name: 'Euro account', rail: 'wire', currency: 'EUR', account_holder: 'VR Network BV', iban: 'NL91ABNA0417164300', swift: 'ABNANL2A', pain_version: '09' },
        { name: 'ACH origination', rail: 'ach', currency: 'USD', ach_company_name: 'VR NETWORK', ach_company_id: '1234567890', ach_odfi_routing: '122105278', ach_immediate_destination: '122105278', ach_immediate_origin: '1234567890' },
      ],
    }),
    { isOwner: true },
  );
  await q(`insert into exchange_rates (currency, day, rate, source, updated_at) values ('EUR', $1, '1.0850000000', 'ecb', now())`, [laDate(new Date())]);
  await q(`insert into users (email, name, is_client, is_active) values ('staff@bench.example', 'Staff', false, true)`);
  const [staff] = await q(`select id from users where not is_client`);
  await q(`insert into users (email, name, is_client, is_active) select 'aff' || g || '@bench.example', 'Affiliate ' || g, true, true from generate_series(1, $1::int) g`, [PAYOUTS * 2]);
  const ids = (await q(`select id from users where is_client order by id`)).map((r) => Number(r.id));
  const wires = ids.slice(0, PAYOUTS);
  const achs = ids.slice(PAYOUTS);
  const names = ['Zoë Müller', 'José Núñez', 'Søren Ørsted', 'Anaïs Lefèvre', 'Jan de Vries', 'Straße GmbH & Co', 'Jane Doe'];
  const routings = ['011000015', '026009593', '121000248', '021000021'];
  const details = [
    ...wires.map((id, n) => ({ id, country: 'DE', method: 'wire', details: { account_holder: `${names[n % names.length]} ${n}`, iban: composeIBAN({ countryCode: 'DE', bban: `37040044${String(n).padStart(10, '0')}` })!, swift: 'COBADEFFXXX', bank_name: 'Commerzbank' } })),
    ...achs.map((id, n) => ({ id, country: 'US', method: 'ach', details: { account_holder: `Payee ${n}`, routing_number: routings[n % routings.length]!, account_number: String(100_000_000 + n), account_type: 'checking' } })),
  ];
  await q(
    `insert into affiliate_profiles (user_id, address, city, postal_code, country)
     select x.id, x.id || ' Main St', 'Austin', '73301', x.country from jsonb_to_recordset($1::jsonb) as x(id int, country text)`,
    [JSON.stringify(details)],
  );
  await q(
    `insert into billing_accounts (user_id, recipient_type, payment_method_id, details, is_complete, updated_at)
     select x.id, 'individual', (select id from payment_methods where type = x.method), x.details, true, $2
     from jsonb_to_recordset($1::jsonb) as x(id int, method text, details jsonb)`,
    [JSON.stringify(details), new Date(Date.now() - 30 * DAY)],
  );
  await q(
    `insert into payouts (affiliate_id, period, status, gross_cents, amount_cents, minimum_cents, method, invoice_year, invoice_seq, cutoff, approved_at, created_at, updated_at)
     select x.id, to_char(now() - interval '1 month', 'YYYY-MM'), 'to_pay', 10000 + (x.n % 500) * 100, 10000 + (x.n % 500) * 100, 1000, x.method, 2026, x.n, now(), now(), now(), now()
     from jsonb_to_recordset($1::jsonb) as x(id int, n int, method text)`,
    [JSON.stringify(details.map((d, n) => ({ id: d.id, n: n + 1, method: d.method })))],
  );
  await q('analyze');
  console.log(`setup: ${fmt((performance.now() - t0) / 1000, 1)} s`);

  let met = true;
  for (const method of ['wire', 'ach'] as const) {
    let t = performance.now();
    const id = await createRun(app.db, { method }, Number(staff!.id));
    const made = performance.now() - t;
    const run = await getRun(app.db, id);
    t = performance.now();
    const file = await runFile(app.db, id);
    const filed = performance.now() - t;
    if (run.items.length !== PAYOUTS || file.count !== PAYOUTS) throw new Error(`The ${method} run lost payouts: ${run.items.length} items, ${file.count} in its file.`);
    const total = made + filed;
    met &&= total < GOAL_MS;
    console.log(
      `${method}: run made and checked ${fmt(made)} ms (${run.checks.length} problems), ${file.fileName} made ${fmt(filed)} ms (${fmt(file.body.length / 1e6, 1)} MB); ` +
        `${fmt(total)} ms in all, ${fmt((PAYOUTS / total) * 1000)} payouts/s`,
    );
    if (run.checks.length) console.log(`  first problem: ${run.checks[0]!.problem}`);
  }
  console.log(goalLine('each run made, checked and its file made', met, `under ${fmt(GOAL_MS)} ms`));
}

runBenchmark(main);
