import { type BillingAccount, type BillingDetails, billingDetailsByMethod, billingMessages, type PaymentMethodType, type RecipientType } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingAccounts, paymentMethods } from '../../db/schema/index.ts';
import { payoutDetailValue } from '../../lib/blind-index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { setSharedMarker } from '../shared-details/index.ts';
import { requireAffiliate } from '../ledger/index.ts';
import { loadTerms } from '../payouts/index.ts';

/** GET /v1/user/billing: where the affiliate is paid. */
export async function getBilling(db: Db, userId: number): Promise<BillingAccount> {
  const [row] = await db
    .select({ account: billingAccounts, method: paymentMethods })
    .from(billingAccounts)
    .leftJoin(paymentMethods, eq(paymentMethods.id, billingAccounts.paymentMethodId))
    .where(eq(billingAccounts.userId, userId));
  // The payout issues come from the one eligibility rule, so this card and the top bar never disagree.
  const payout_issues = (await loadTerms(db, [userId])).get(userId)?.issues ?? [];
  if (!row) return { recipient_type: null, method: null, details: {}, is_complete: false, payout_issues, confirm_reason: null };
  const { account, method } = row;
  return {
    recipient_type: (account.recipientType as RecipientType | null) ?? null,
    method: method ? { id: method.id, type: method.type as PaymentMethodType, name: method.name, min_payout: method.minPayoutCents / 100, fee: method.feeCents / 100 } : null,
    details: account.details as Record<string, string>,
    is_complete: Boolean(account.isComplete && method?.isActive),
    payout_issues,
    confirm_reason: account.confirmReason,
  };
}

/**
 * The affiliate must confirm their details again (docs/payment-runs.md, Returns): `reason` says why
 * (the bank returned a payment, or sent a correction). A return also marks the details incomplete,
 * so payouts wait (the profile issue "billing_account_incomplete") until the affiliate saves them;
 * a correction only asks. The details themselves are never changed here.
 */
export async function askToConfirmBilling(db: Db, affiliateId: number, reason: string, blocksPayouts: boolean): Promise<void> {
  await db
    .update(billingAccounts)
    .set({ confirmReason: reason.slice(0, 300), ...(blocksPayouts ? { isComplete: false } : {}) })
    .where(eq(billingAccounts.userId, affiliateId));
}

/**
 * PUT /v1/user/billing: details already checked by the contract; the method must exist and be active.
 * The details' blind index (docs/fraud.md, "Shared details") is written in the same transaction.
 */
export async function saveBilling(db: Db, fieldKey: Buffer, userId: number, input: BillingDetails): Promise<BillingAccount> {
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.type, input.method), eq(paymentMethods.isActive, true)));
  if (!method) throw new ValidationError({ method: [billingMessages.unknownMethod] });
  // Only the fields of this method's schema are kept (the contract strips any others).
  const details = billingDetailsByMethod[input.method].parse(input.details) as Record<string, string>;
  await db.transaction(async (tx) => {
    await tx
      .insert(billingAccounts)
      .values({ userId, recipientType: input.recipient_type, paymentMethodId: method.id, details, isComplete: true })
      .onConflictDoUpdate({
        target: billingAccounts.userId,
        set: { recipientType: input.recipient_type, paymentMethodId: method.id, details, isComplete: true, confirmReason: null, updatedAt: sql`now()` },
      });
    await setSharedMarker(tx, fieldKey, userId, 'payout_details', payoutDetailValue(input.method, details));
  });
  return getBilling(db, userId);
}

/** GET /v1/affiliates/{id}/billing: where the affiliate is paid, as they see it in their profile (docs/money.md, Staff views). */
export async function affiliateBilling(db: Db, affiliateId: number): Promise<BillingAccount> {
  await requireAffiliate(db, affiliateId);
  return getBilling(db, affiliateId);
}

/**
 * At start: the payout-details marker of every billing account saved before markers were written
 * (docs/fraud.md, "Shared details"), read once each: an account with its marker is never read again.
 * Answers how many markers it wrote.
 */
export async function backfillPayoutMarkers(db: Db, fieldKey: Buffer): Promise<number> {
  const missing = await db
    .select({ userId: billingAccounts.userId, method: paymentMethods.type, details: billingAccounts.details })
    .from(billingAccounts)
    .innerJoin(paymentMethods, eq(paymentMethods.id, billingAccounts.paymentMethodId))
    .where(sql`not exists (select 1 from shared_markers m where m.affiliate_id = ${billingAccounts.userId} and m.kind = 'payout_details')`);
  let written = 0;
  for (const row of missing) {
    const value = payoutDetailValue(row.method, (row.details ?? {}) as Record<string, unknown>);
    if (!value) continue;
    await setSharedMarker(db, fieldKey, row.userId, 'payout_details', value);
    written++;
  }
  return written;
}
