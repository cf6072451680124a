import { randomBytes } from 'node:crypto';
import { type createPaymentRunSchema, type PaymentRunCheck, paymentRunMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { ratesOn } from '../exchange-rates/index.ts';
import { coolingOffDays, payingAccountRows, type PayingAccountRow } from '../money-settings/index.ts';
import { applyMethodFees, invoiceNumber, laDate, rows, setPayoutMethods } from '../payouts/index.ts';
import { achTraceNumber, checkItem, walletReference, wireReference } from './formats/index.ts';
import { accountKey, convertCents, filePayingAccount, type FrozenPayee, isSepaPayee, runItemOf } from './payees.ts';

/** A payout to pay with its affiliate's current method and details (read under the payout's row lock). */
interface Candidate {
  id: number;
  affiliate_id: number;
  period: string;
  gross_cents: string | number;
  amount_cents: string | number;
  method_fee_cents: string | number;
  minimum_cents: string | number;
  payout_method: string;
  invoice_year: number;
  invoice_seq: number;
  name: string;
  country: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  recipient_type: string | null;
  details: Record<string, string> | null;
  details_changed_at: Date | string | null;
  billing_complete: boolean | null;
  method: string | null;
  method_name: string | null;
  method_active: boolean | null;
  min_payout_cents: string | number | null;
  fee_cents: string | number | null;
  in_open_run: boolean;
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const DAY = 86_400_000;

const candidatesSql = (ids: readonly number[] | undefined, method: string) => sql`
  select p.id, p.affiliate_id, p.period, p.gross_cents, p.amount_cents, p.method_fee_cents, p.minimum_cents, p.method as payout_method, p.invoice_year, p.invoice_seq,
    u.name, pr.country, pr.address, pr.city, pr.postal_code, ba.recipient_type, ba.details, ba.updated_at as details_changed_at,
    ba.is_complete as billing_complete, pm.type as method, pm.name as method_name, pm.is_active as method_active, pm.min_payout_cents, pm.fee_cents,
    exists (select 1 from payment_run_items i where i.payout_id = p.id and i.open) as in_open_run
  from payouts p
  join users u on u.id = p.affiliate_id
  left join affiliate_profiles pr on pr.user_id = p.affiliate_id
  left join billing_accounts ba on ba.user_id = p.affiliate_id
  left join payment_methods pm on pm.id = ba.payment_method_id
  where ${
    ids
      ? sql`p.id = any(${`{${ids.join(',')}}`}::int[])`
      : // Every payout to pay by this method now, or closed under it (or none) and not payable now: in no open run.
        sql`p.status = 'to_pay' and (pm.type = ${method} or p.method in (${method}, 'none'))
            and not exists (select 1 from payment_run_items i where i.payout_id = p.id and i.open)`
  }
  order by p.id
  for update of p`;

const usable = (c: Candidate) => Boolean(c.billing_complete && c.method_active && c.method && c.details);

/**
 * POST /v1/payment-runs: a draft run of the approved payouts to pay by `method` (or the ones named),
 * each with its affiliate's method and details as they are now, frozen in its item with the amount,
 * the currency and rate it is sent in, its paying account and its reference. What a bank would
 * refuse, and the network's own holds (cooling-off, a shared account, the method's minimum and fee),
 * are listed in the run's checks. Answers the run's id.
 */
export async function createRun(db: Db, input: z.output<typeof createPaymentRunSchema>, by: number, now = new Date()): Promise<number> {
  const method = input.method;
  const accounts = await payingAccountRows(db, method);
  const chosen = input.paying_account_id === undefined ? undefined : accounts.find((a) => a.id === input.paying_account_id);
  if (input.paying_account_id !== undefined && !chosen) throw new ValidationError({ paying_account_id: [paymentRunMessages.unknownPayingAccount] }, paymentRunMessages.unknownPayingAccount);
  const coolingDays = await coolingOffDays(db);
  const day = laDate(now);
  // The day's EUR rate (the latest on or before today) for SEPA payees, read before the run's transaction.
  const dayRate = method === 'wire' ? ((await ratesOn(db, [{ currency: 'EUR', day }])).get(`EUR|${day}`) ?? null) : null;

  try {
    return await db.transaction(async (tx) => {
      const ids = input.payout_ids ? [...new Set(input.payout_ids)] : undefined;
      const found = await rows<Candidate>(tx, candidatesSql(ids, method));
      if (ids) {
        const byId = new Map(found.map((c) => [c.id, c]));
        const [notToPay] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from payouts where id = any(${`{${ids.join(',')}}`}::int[]) and status = 'to_pay'`);
        if (byId.size !== ids.length || (notToPay?.n ?? 0) !== ids.length) throw new ValidationError({ payout_ids: [paymentRunMessages.notToPay] }, paymentRunMessages.notToPay);
        if (found.some((c) => c.in_open_run)) throw new AppError('conflict', paymentRunMessages.inOpenRun);
      }
      const checks: PaymentRunCheck[] = [];
      const open = found.filter((c) => !c.in_open_run);
      // A payout whose affiliate has no usable method is listed, not lost: in a run of its old method (or of any, when it had none).
      for (const c of open) {
        if (!usable(c) && (ids || c.payout_method === method || c.payout_method === 'none')) {
          checks.push({ payout_id: c.id, problem: 'The affiliate has no usable payment method: they must choose one and complete its details before this payout can be paid.' });
        } else if (usable(c) && c.method !== method && ids) {
          checks.push({ payout_id: c.id, problem: `The affiliate is paid by ${c.method} now, not by ${method}: make a ${c.method} run for this payout.` });
        }
      }
      const chosenOnes = open.filter((c) => usable(c) && c.method === method);
      if (!chosenOnes.length) throw new ValidationError({ method: [paymentRunMessages.nothingToPay] }, paymentRunMessages.nothingToPay);

      const payees = chosenOnes.map((c): FrozenPayee => ({
        name: c.name,
        is_company: c.recipient_type === 'company',
        country: c.country ?? '',
        address_lines: [c.address ?? '', [c.postal_code, c.city].filter(Boolean).join(' ')].filter(Boolean),
        method,
        details: c.details ?? {},
        changed_at: new Date(c.details_changed_at ?? now).toISOString(),
        period: c.period,
        invoice_number: invoiceNumber(c.invoice_year, c.invoice_seq),
      }));

      // SEPA payees are paid in EUR at the day's rate from the exchange-rates table.
      const sepa = payees.map((p) => isSepaPayee(p));
      const eurRate = sepa.some(Boolean) ? dayRate : null;
      const accountFor = (currency: string): PayingAccountRow | undefined => {
        if (method !== 'wire' && method !== 'ach') return chosen ?? accounts[0];
        if (chosen && chosen.currency === currency) return chosen;
        return accounts.find((a) => a.currency === currency);
      };

      // The method's fee when it is paid: a payout closed under another method (or none) pays this one's fee.
      const amounts: number[] = [];
      const feeProblems: Array<string | null> = [];
      const restated: Array<{ payoutId: number; affiliateId: number; deltaCents: number; method: string }> = [];
      for (const c of chosenOnes) {
        const fee = Number(c.fee_cents ?? 0);
        const delta = fee - Number(c.method_fee_cents);
        const amount = Number(c.amount_cents);
        const minimum = Math.max(Number(c.min_payout_cents ?? 0), Number(c.minimum_cents));
        if (delta !== 0 && amount - delta < Math.max(minimum, 1)) {
          // Not applied: the payout stays as it was closed, and the check says why it cannot be paid.
          amounts.push(amount);
          feeProblems.push(`After the ${method} fee of ${usd(fee)}, ${usd(amount - delta)} is below the ${method} minimum of ${usd(minimum)}: reject the payout so the balance waits for a later close.`);
        } else {
          amounts.push(amount - delta);
          feeProblems.push(null);
          if (delta !== 0) restated.push({ payoutId: c.id, affiliateId: c.affiliate_id, deltaCents: delta, method: c.method_name ?? method });
        }
      }
      await applyMethodFees(tx, restated, now);

      const drafts = chosenOnes.map((c, i) => {
        const p = payees[i]!;
        const amount = amounts[i]!;
        const eur = sepa[i] && eurRate !== null;
        const currency = eur ? 'EUR' : method === 'usdt' ? 'USDT' : 'USD';
        const account = accountFor(eur ? 'EUR' : 'USD');
        const problems: string[] = [];
        if (sepa[i] && eurRate === null) problems.push(`No EUR exchange rate for ${day}: add one in Global Settings > Exchange rates, or the payee is paid in USD.`);
        if (!account) problems.push(`No active ${method} paying account in ${currency === 'USDT' ? 'USD' : currency}: add one in Global Settings > Payments.`);
        if (feeProblems[i]) problems.push(feeProblems[i]!);
        const minimum = Number(c.min_payout_cents ?? 0);
        if (amount < minimum && !feeProblems[i]) problems.push(`${usd(amount)} is below the ${method} minimum of ${usd(minimum)}: reject the payout so the balance waits for a later close.`);
        const changed = new Date(p.changed_at);
        if (coolingDays > 0 && now.getTime() - changed.getTime() < coolingDays * DAY) {
          problems.push(`The payee's details changed on ${laDate(changed)}: they are held until ${laDate(new Date(changed.getTime() + coolingDays * DAY))} (cooling-off).`);
        }
        return { c, p, amount, currency, rate: eur ? eurRate : null, amountSent: eur ? convertCents(amount, eurRate!) : amount, account, problems };
      });

      // Two payees sharing one account.
      const byAccount = new Map<string, number[]>();
      drafts.forEach((d, i) => {
        const key = accountKey(d.p);
        if (key) byAccount.set(key, [...(byAccount.get(key) ?? []), i]);
      });
      for (const list of byAccount.values()) {
        const affiliates = new Set(list.map((i) => drafts[i]!.c.affiliate_id));
        if (affiliates.size < 2) continue;
        for (const i of list) {
          const others = [...affiliates].filter((a) => a !== drafts[i]!.c.affiliate_id).map((a) => `#${a}`).join(', ');
          drafts[i]!.problems.push(`The payee shares one account with affiliate ${others}.`);
        }
      }

      const currencies = new Set(drafts.map((d) => d.currency));
      const runCurrency = currencies.has('EUR') ? 'EUR' : method === 'usdt' ? 'USDT' : 'USD';
      const messageId = `PR${day.replaceAll('-', '')}${randomBytes(8).toString('hex').toUpperCase()}`;
      const [run] = await rows<{ id: number }>(
        tx,
        sql`insert into payment_runs (method, status, paying_account_id, currency, rate, message_id, execution_date, created_by, created_at)
            values (${method}, 'draft', ${chosen?.id ?? null}, ${runCurrency}, ${runCurrency === 'EUR' ? eurRate : null}, ${messageId}, ${day}, ${by}, ${now}) returning id`,
      );
      const runId = run!.id;
      // The items' ids taken first, so each item is written once with its reference (an ACH trace
      // number is the ODFI's routing number and the item's own number, unique across runs).
      const itemIds = (await rows<{ id: number }>(tx, sql`select nextval('payment_run_items_id_seq')::int as id from generate_series(1, ${drafts.length}) order by 1`)).map((r) => r.id);
      const references = drafts.map((d, i) =>
        method === 'wire' ? wireReference(runId, i + 1) : method === 'ach' && d.account ? achTraceNumber(d.account.achOdfiRouting, itemIds[i]!) : walletReference(runId, i + 1),
      );
      await tx.execute(
        sql`insert into payment_run_items (id, run_id, payout_id, affiliate_id, paying_account_id, amount_cents, gross_cents, amount_sent_minor, currency, rate, reference, payee, created_at, updated_at)
            overriding system value
            select x.id, ${runId}, x.payout_id, x.affiliate_id, x.account_id, x.amount, x.gross, x.sent, x.currency, x.rate, x.reference, x.payee, ${now}, ${now}
            from jsonb_to_recordset(${JSON.stringify(
              drafts.map((d, i) => ({
                id: itemIds[i],
                payout_id: d.c.id,
                affiliate_id: d.c.affiliate_id,
                account_id: d.account?.id ?? null,
                amount: d.amount,
                gross: Number(d.c.gross_cents),
                sent: d.amountSent,
                currency: d.currency,
                rate: d.rate,
                reference: references[i],
                payee: d.p,
              })),
            )}::jsonb) as x(id int, payout_id int, affiliate_id int, account_id int, amount bigint, gross bigint, sent bigint, currency text, rate text, reference text, payee jsonb)
            order by x.id`,
      );
      await tx.execute(sql`insert into payment_run_item_events (item_id, kind, at) select id, 'in_run', ${now} from payment_run_items where run_id = ${runId}`);

      // What a bank would refuse, from the item as its file prints it.
      drafts.forEach((d, i) => {
        const runItem = runItemOf(d.p, { reference: references[i]!, payingAccountId: d.account?.id ?? null, amountSentMinor: d.amountSent, currency: d.currency });
        const bank = checkItem(method, runItem, d.account ? filePayingAccount(d.account) : undefined).map((problem) => problem.message);
        for (const problem of [...new Set([...bank, ...d.problems])]) checks.push({ payout_id: d.c.id, problem });
      });
      await tx.execute(sql`update payment_runs set checks = ${JSON.stringify(checks)}::jsonb where id = ${runId}`);
      await setPayoutMethods(tx, chosenOnes.map((c) => c.id), method);
      return runId;
    });
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    // Another run took one of these payouts at the same moment.
    if (code === '23505') throw new AppError('conflict', paymentRunMessages.inOpenRun);
    throw err;
  }
}
