import { type PayingAccount, type PayingAccounts, type payingAccountsInputSchema, type PaymentMethodType, paymentRunMessages } from '@portal/contracts';
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { banks } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, UniqueError } from '../../lib/errors.ts';
import { getSetting, putSetting } from '../settings/index.ts';

/**
 * The network's paying accounts (Global Settings > Payments): the banks payouts were always paid
 * from, now one per rail and currency with what that rail's file needs (docs/payment-runs.md).
 */

export const TWO_PERSON_APPROVAL_SETTING = 'payment_runs_two_person_approval';
export const COOLING_OFF_DAYS_SETTING = 'payment_runs_cooling_off_days';
export const DEFAULT_COOLING_OFF_DAYS = 7;

export type PayingAccountRow = typeof banks.$inferSelect;

export const toPayingAccount = (r: PayingAccountRow): PayingAccount => ({
  id: r.id,
  name: r.name,
  rail: r.rail as PaymentMethodType,
  currency: r.currency,
  account_holder: r.accountHolder,
  iban: r.iban,
  swift: r.swift,
  pain_version: r.painVersion === '03' ? '03' : '09',
  ach_company_name: r.achCompanyName,
  ach_company_id: r.achCompanyId,
  ach_odfi_routing: r.achOdfiRouting,
  ach_immediate_destination: r.achImmediateDestination,
  ach_immediate_origin: r.achImmediateOrigin,
  payer_email: r.payerEmail,
  wallet: r.wallet,
  wallet_network: r.walletNetwork,
  is_active: r.isActive,
});

export async function twoPersonApproval(db: Db): Promise<boolean> {
  return (await getSetting<unknown>(db, TWO_PERSON_APPROVAL_SETTING, true)) !== false;
}

export async function coolingOffDays(db: Db): Promise<number> {
  const value = await getSetting<unknown>(db, COOLING_OFF_DAYS_SETTING, DEFAULT_COOLING_OFF_DAYS);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 90 ? value : DEFAULT_COOLING_OFF_DAYS;
}

/** The active paying accounts of a rail (every rail when not given), oldest first. */
export async function payingAccountRows(db: Db, rail?: PaymentMethodType): Promise<PayingAccountRow[]> {
  const all = await db.select().from(banks).orderBy(asc(banks.id));
  return all.filter((b) => b.isActive && (rail === undefined || b.rail === rail));
}

export async function getPayingAccounts(db: Db): Promise<PayingAccounts> {
  const rows = await db.select().from(banks).orderBy(asc(banks.rail), asc(banks.currency), asc(banks.id));
  return { accounts: rows.map(toPayingAccount), two_person_approval: await twoPersonApproval(db), cooling_off_days: await coolingOffDays(db) };
}

type Input = z.output<typeof payingAccountsInputSchema>;
type AccountInput = NonNullable<Input['accounts']>[number];

const values = (a: AccountInput) => ({
  name: a.name,
  rail: a.rail,
  currency: a.rail === 'usdt' ? 'USD' : a.currency,
  accountHolder: a.account_holder,
  iban: a.rail === 'wire' ? a.iban : '',
  swift: a.rail === 'wire' ? a.swift : '',
  painVersion: a.pain_version,
  achCompanyName: a.rail === 'ach' ? a.ach_company_name : '',
  achCompanyId: a.rail === 'ach' ? a.ach_company_id : '',
  achOdfiRouting: a.rail === 'ach' ? a.ach_odfi_routing : '',
  achImmediateDestination: a.rail === 'ach' ? a.ach_immediate_destination : '',
  achImmediateOrigin: a.rail === 'ach' ? a.ach_immediate_origin : '',
  payerEmail: a.rail === 'paxum' || a.rail === 'paypal' ? a.payer_email : '',
  wallet: a.rail === 'usdt' ? a.wallet : '',
  walletNetwork: a.rail === 'usdt' ? a.wallet_network : '',
  isActive: a.is_active,
  updatedAt: new Date(),
});

/**
 * PUT: accounts with an id are changed, those without added, and accounts left out deactivated
 * (a payout or run may still name them). Two-person approval is the owner's to switch.
 */
export async function putPayingAccounts(db: Db, input: Input, caller: { isOwner: boolean }): Promise<PayingAccounts> {
  if (input.two_person_approval !== undefined && input.two_person_approval !== (await twoPersonApproval(db)) && !caller.isOwner) {
    throw new ForbiddenError(paymentRunMessages.twoPersonOwnerOnly);
  }
  await db.transaction(async (tx) => {
    if (input.accounts) {
      const ids = input.accounts.flatMap((a) => (a.id ? [a.id] : []));
      if (ids.length) {
        const known = await tx.select({ id: banks.id }).from(banks).where(inArray(banks.id, ids));
        if (known.length !== new Set(ids).size) throw new NotFoundError();
      }
      await tx.update(banks).set({ isActive: false, updatedAt: new Date() }).where(ids.length ? notInArray(banks.id, ids) : undefined);
      try {
        for (const a of input.accounts) {
          if (a.id) await tx.update(banks).set(values(a)).where(eq(banks.id, a.id));
          else await tx.insert(banks).values(values(a));
        }
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
        if (code === '23505') throw new UniqueError('name', 'There is already a bank with this name.');
        throw err;
      }
    }
    if (input.two_person_approval !== undefined) await putSetting(tx, TWO_PERSON_APPROVAL_SETTING, input.two_person_approval);
    if (input.cooling_off_days !== undefined) await putSetting(tx, COOLING_OFF_DAYS_SETTING, input.cooling_off_days);
  });
  return getPayingAccounts(db);
}
