import {
  type BackupWithholding,
  type Bank,
  type bankInputSchema,
  bpToPercent,
  DEFAULT_REFERRAL_RATE_BP,
  type MoneySettings,
  moneySettingsMessages,
  type moneySettingsInputSchema,
  type PaymentMethod,
  type paymentMethodInputSchema,
  type PaymentMethodType,
  percentToBp,
  type RecipientType,
  type SplitFee,
  type TaxWithholding,
  type taxWithholdingInputSchema,
} from '@portal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { banks, paymentMethods, splitFees, taxWithholdings, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError, UniqueError } from '../../lib/errors.ts';
import { REFERRAL_RATE_KEY } from '../referrals/index.ts';
import { BACKUP_WITHHOLDING_SETTING, backupWithholdingBp } from '../payouts/index.ts';
import { getSetting, putSetting } from '../settings/index.ts';

/** The hold before a close may pay an earning (docs/money.md). */
export const HOLD_DAYS_KEY = 'payout_hold_days';
export const DEFAULT_HOLD_DAYS = 14;

const pgCode = (err: unknown): string | undefined => (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;

/** A unique or foreign-key refusal by the database becomes the reply a person can act on. */
async function guarded<T>(run: () => Promise<T>, unique: { field: string; message: string }, inUse?: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgCode(err) === '23505') throw new UniqueError(unique.field, unique.message);
    // 23001 for ON DELETE RESTRICT, 23503 for NO ACTION.
    if (inUse && (pgCode(err) === '23503' || pgCode(err) === '23001')) throw new AppError('conflict', inUse);
    throw err;
  }
}

// ---- Referral rate and hold ----

export async function getMoneySettings(db: Db): Promise<MoneySettings> {
  return {
    referral_rate: bpToPercent(await getSetting(db, REFERRAL_RATE_KEY, DEFAULT_REFERRAL_RATE_BP)),
    hold_days: await getSetting(db, HOLD_DAYS_KEY, DEFAULT_HOLD_DAYS),
  };
}

export async function putMoneySettings(db: Db, input: z.output<typeof moneySettingsInputSchema>): Promise<MoneySettings> {
  if (input.referral_rate !== undefined) await putSetting(db, REFERRAL_RATE_KEY, percentToBp(input.referral_rate));
  if (input.hold_days !== undefined) await putSetting(db, HOLD_DAYS_KEY, input.hold_days);
  return getMoneySettings(db);
}

// ---- US backup withholding (read by the payout terms, payouts/eligibility.ts) ----

export async function getBackupWithholding(db: Db): Promise<BackupWithholding> {
  return { rate: bpToPercent(await backupWithholdingBp(db)) };
}

export async function putBackupWithholding(db: Db, rate: number): Promise<void> {
  await putSetting(db, BACKUP_WITHHOLDING_SETTING, percentToBp(rate));
}

// ---- Payment methods ----

const toMethod = (r: typeof paymentMethods.$inferSelect): PaymentMethod => ({
  id: r.id,
  type: r.type as PaymentMethodType,
  name: r.name,
  min_payout: r.minPayoutCents / 100,
  fee: r.feeCents / 100,
  is_active: r.isActive,
});

export async function listPaymentMethods(db: Db, activeOnly = false): Promise<PaymentMethod[]> {
  const rows = await db.select().from(paymentMethods).where(activeOnly ? eq(paymentMethods.isActive, true) : undefined).orderBy(asc(paymentMethods.name), asc(paymentMethods.id));
  return rows.map(toMethod);
}

type MethodInput = z.output<typeof paymentMethodInputSchema>;
const methodValues = (i: MethodInput) => ({ type: i.type, name: i.name, minPayoutCents: Math.round(i.min_payout * 100), feeCents: Math.round(i.fee * 100), isActive: i.is_active });
const methodTaken = { field: 'type', message: moneySettingsMessages.methodTypeTaken };

export async function createPaymentMethod(db: Db, input: MethodInput): Promise<PaymentMethod> {
  const [row] = await guarded(() => db.insert(paymentMethods).values(methodValues(input)).returning(), methodTaken);
  return toMethod(row!);
}

export async function updatePaymentMethod(db: Db, id: number, input: MethodInput): Promise<PaymentMethod> {
  const [row] = await guarded(() => db.update(paymentMethods).set({ ...methodValues(input), updatedAt: new Date() }).where(eq(paymentMethods.id, id)).returning(), methodTaken);
  if (!row) throw new NotFoundError();
  return toMethod(row);
}

export async function deletePaymentMethod(db: Db, id: number): Promise<void> {
  const rows = await guarded(() => db.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning({ id: paymentMethods.id }), methodTaken, moneySettingsMessages.methodInUse);
  if (!rows.length) throw new NotFoundError();
}

// ---- Banks ----

const toBank = (r: typeof banks.$inferSelect): Bank => ({ id: r.id, name: r.name, account_holder: r.accountHolder, iban: r.iban, swift: r.swift, currency: r.currency, is_active: r.isActive });
type BankInput = z.output<typeof bankInputSchema>;
const bankValues = (i: BankInput) => ({ name: i.name, accountHolder: i.account_holder, iban: i.iban, swift: i.swift, currency: i.currency, isActive: i.is_active });
const bankTaken = { field: 'name', message: 'There is already a bank with this name.' };

export async function listBanks(db: Db): Promise<Bank[]> {
  return (await db.select().from(banks).orderBy(asc(banks.name), asc(banks.id))).map(toBank);
}

export async function createBank(db: Db, input: BankInput): Promise<Bank> {
  const [row] = await guarded(() => db.insert(banks).values(bankValues(input)).returning(), bankTaken);
  return toBank(row!);
}

export async function updateBank(db: Db, id: number, input: BankInput): Promise<Bank> {
  const [row] = await guarded(() => db.update(banks).set({ ...bankValues(input), updatedAt: new Date() }).where(eq(banks.id, id)).returning(), bankTaken);
  if (!row) throw new NotFoundError();
  return toBank(row);
}

export async function deleteBank(db: Db, id: number): Promise<void> {
  const rows = await guarded(() => db.delete(banks).where(eq(banks.id, id)).returning({ id: banks.id }), bankTaken, moneySettingsMessages.bankInUse);
  if (!rows.length) throw new NotFoundError();
}

// ---- Tax withholdings ----

const toWithholding = (r: typeof taxWithholdings.$inferSelect): TaxWithholding => ({ id: r.id, country: r.country, recipient_type: r.recipientType as RecipientType, rate: bpToPercent(r.rateBp) });
type WithholdingInput = z.output<typeof taxWithholdingInputSchema>;
const withholdingValues = (i: WithholdingInput) => ({ country: i.country, recipientType: i.recipient_type, rateBp: percentToBp(i.rate) });
const withholdingTaken = { field: 'country', message: moneySettingsMessages.withholdingTaken };

export async function listTaxWithholdings(db: Db): Promise<TaxWithholding[]> {
  return (await db.select().from(taxWithholdings).orderBy(asc(taxWithholdings.country), asc(taxWithholdings.recipientType))).map(toWithholding);
}

export async function createTaxWithholding(db: Db, input: WithholdingInput): Promise<TaxWithholding> {
  const [row] = await guarded(() => db.insert(taxWithholdings).values(withholdingValues(input)).returning(), withholdingTaken);
  return toWithholding(row!);
}

export async function updateTaxWithholding(db: Db, id: number, input: WithholdingInput): Promise<TaxWithholding> {
  const [row] = await guarded(() => db.update(taxWithholdings).set({ ...withholdingValues(input), updatedAt: new Date() }).where(eq(taxWithholdings.id, id)).returning(), withholdingTaken);
  if (!row) throw new NotFoundError();
  return toWithholding(row);
}

export async function deleteTaxWithholding(db: Db, id: number): Promise<void> {
  const rows = await db.delete(taxWithholdings).where(eq(taxWithholdings.id, id)).returning({ id: taxWithholdings.id });
  if (!rows.length) throw new NotFoundError();
}

// ---- Custom split fees ----

export async function listSplitFees(db: Db): Promise<SplitFee[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, rateBp: splitFees.rateBp, updatedAt: splitFees.updatedAt })
    .from(splitFees)
    .innerJoin(users, eq(users.id, splitFees.affiliateId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ affiliate: { id: r.id, name: r.name, email: r.email }, rate: bpToPercent(r.rateBp), updated_at: r.updatedAt.toISOString() }));
}

export async function putSplitFee(db: Db, affiliateId: number, rate: number, staffId: number): Promise<SplitFee> {
  const [affiliate] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, affiliateId), eq(users.isClient, true)));
  if (!affiliate) throw new NotFoundError(moneySettingsMessages.notAnAffiliate);
  const [row] = await db
    .insert(splitFees)
    .values({ affiliateId, rateBp: percentToBp(rate), updatedBy: staffId })
    .onConflictDoUpdate({ target: splitFees.affiliateId, set: { rateBp: percentToBp(rate), updatedBy: staffId, updatedAt: sql`now()` } })
    .returning();
  return { affiliate, rate: bpToPercent(row!.rateBp), updated_at: row!.updatedAt.toISOString() };
}

export async function deleteSplitFee(db: Db, affiliateId: number): Promise<void> {
  const rows = await db.delete(splitFees).where(eq(splitFees.affiliateId, affiliateId)).returning({ id: splitFees.affiliateId });
  if (!rows.length) throw new NotFoundError();
}
