// Payment files (docs/payouts-rails.md).
//   npm run bench:payment-files [-- --items=10000 --rounds=5]
// A run of 10,000 items per rail, made in memory (no database: the files are pure functions):
// every item's pre-flight check, then the wire run's pain.001 (80% SEPA in EUR to German, Austrian,
// Dutch and Italian IBANs with accented names, 20% USD cross-border) and the ACH run's
// NACHA file (PPD and CCD). The baseline, measured in the same run on the same items: JSON.stringify
// of them, the least any serialisation of a run costs. Prints each round's time, the median, the
// ratio to the baseline, and the goal: checks and both files in under 5 s. Reports, never gates.
import { composeIBAN } from 'ibantools';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { achTraceNumber, checkItem, makeRunFile, type PayingAccount, type RunFileInput, type RunItem, wireReference } from '../apps/api/src/modules/payment-runs/index.ts';

const { values } = parseArgs({ options: { items: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '5' } }, strict: false });
const ITEMS = Math.min(Math.max(Number(values.items) || 10_000, 1), 200_000);
const ROUNDS = Math.min(Math.max(Number(values.rounds) || 5, 1), 50);
const GOAL_MS = 5_000;

const accounts: PayingAccount[] = [
  { rail: 'wire', id: 'eur', holder_name: 'VR Affiliates', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', currency: 'EUR', pain_version: 'pain.001.001.09' },
  { rail: 'wire', id: 'usd', holder_name: 'VR Affiliates', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', currency: 'USD', pain_version: 'pain.001.001.09' },
  {
    rail: 'ach', id: 'ach', company_name: 'VR Affiliates LLC', company_id: '1234567890', odfi_routing: '021000021', immediate_destination: '021000021',
    immediate_destination_name: 'JPMORGAN CHASE', immediate_origin: '1234567890', immediate_origin_name: 'VR AFFILIATES LLC', currency: 'USD',
  },
];
const byId = new Map(accounts.map((a) => [a.id, a]));
const names = ['Zoë Müller', 'José Núñez', 'Søren Ørsted', 'Anaïs Lefèvre', 'Jan de Vries', 'Łukasz Żółw', 'Straße GmbH & Co', 'Jane Doe'];
const bbans: [string, (n: number) => string][] = [
  ['DE', (n) => `37040044${String(n).padStart(10, '0')}`],
  ['AT', (n) => `19043${String(n).padStart(11, '0')}`],
  ['NL', (n) => `ABNA${String(n).padStart(10, '0')}`],
  ['IT', (n) => `X0542811101${String(n).padStart(12, '0')}`],
];
const routings = ['011000015', '026009593', '121000248', '021000021', '999999992'];

function wireItem(n: number): RunItem {
  const remittance = `Payout 2026-10 invoice 2026-${String(n).padStart(6, '0')}`;
  const name = `${names[n % names.length]} ${n}`;
  if (n % 5 === 4) {
    return { reference: wireReference(1, n + 1), paying_account_id: 'usd', payee: { name, is_company: n % 2 === 0, country: 'US' }, amount_cents: 1000 + n, currency: 'USD', account_number: String(100000 + n), bic: 'CHASUS33', remittance };
  }
  const [country, bban] = bbans[n % bbans.length]!;
  const iban = composeIBAN({ countryCode: country, bban: bban(n) }) ?? '';
  return { reference: wireReference(1, n + 1), paying_account_id: 'eur', payee: { name, is_company: false, country }, amount_cents: 1000 + n, currency: 'EUR', iban, remittance };
}

function achItem(n: number): RunItem {
  return {
    reference: achTraceNumber('021000021', n + 1), paying_account_id: 'ach', payee: { name: `${names[n % names.length]} ${n}`, is_company: n % 3 === 0, country: 'US' },
    amount_cents: 500 + n, currency: 'USD', routing_number: routings[n % routings.length]!, account_number: String(10_000_000 + n), account_type: n % 4 === 0 ? 'savings' : 'checking',
    remittance: `Payout 2026-10 invoice 2026-${String(n).padStart(6, '0')}`,
  };
}

const wires = Array.from({ length: ITEMS }, (_, n) => wireItem(n));
const achs = Array.from({ length: ITEMS }, (_, n) => achItem(n));
const input = (items: RunItem[]): RunFileInput => ({
  run_id: '1', message_id: 'RUN1-20261201', created_at: new Date('2026-12-01T08:00:00Z'), execution_date: '2026-12-02', initiating_party: 'VR Affiliates', paying_accounts: accounts, items,
});

function round(): { work: number; baseline: number; problems: number; bytes: number } {
  let t = performance.now();
  const json = JSON.stringify(input(wires)).length + JSON.stringify(input(achs)).length;
  const baseline = performance.now() - t;
  t = performance.now();
  let problems = 0;
  for (const item of wires) problems += checkItem('wire', item, byId.get(item.paying_account_id)).length;
  for (const item of achs) problems += checkItem('ach', item, byId.get(item.paying_account_id)).length;
  const sepa = makeRunFile('wire', input(wires));
  const nacha = makeRunFile('ach', input(achs));
  const work = performance.now() - t;
  if (sepa.count !== ITEMS || nacha.count !== ITEMS || json === 0) throw new Error('A file lost items.');
  return { work, baseline, problems, bytes: sepa.body.length + nacha.body.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Payment files: ${ITEMS} wire items and ${ITEMS} ACH items, ${ROUNDS} rounds (after one warm-up).`);
round();
const rounds = Array.from({ length: ROUNDS }, () => round());
for (const [i, r] of rounds.entries()) console.log(`  round ${i + 1}: checks + pain.001 + NACHA ${r.work.toFixed(0)} ms, JSON.stringify ${r.baseline.toFixed(1)} ms`);
const work = median(rounds.map((r) => r.work));
const baseline = median(rounds.map((r) => r.baseline));
console.log(`Problems found: ${rounds[0]!.problems} (expected 0); files: ${(rounds[0]!.bytes / 1e6).toFixed(1)} MB.`);
console.log(`Median: ${work.toFixed(0)} ms, ${(work / baseline).toFixed(1)}x JSON.stringify of the same items (${baseline.toFixed(1)} ms).`);
console.log(`Goal: under ${GOAL_MS} ms: ${work < GOAL_MS ? 'met' : 'NOT met'}.`);
