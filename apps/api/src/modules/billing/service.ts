import { type BillingAccount, type BillingDetails, billingDetailsByMethod, billingMessages, type PaymentMethodType, type RecipientType } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingAccounts, paymentMethods } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
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
  if (!row) return { recipient_type: null, method: null, details: {}, is_complete: false, payout_issues };
  const { account, method } = row;
  return {
    recipient_type: (account.recipientType as RecipientType | null) ?? null,
    method: method ? { id: method.id, type: method.type as PaymentMethodType, name: method.name, min_payout: method.minPayoutCents / 100, fee: method.feeCents / 100 } : null,
    details: account.details as Record<string, string>,
    is_complete: Boolean(account.isComplete && method?.isActive),
    payout_issues,
  };
}

/** PUT /v1/user/billing: details already checked by the contract; the method must exist and be active. */
export async function saveBilling(db: Db, userId: number, input: BillingDetails): Promise<BillingAccount> {
  const [method] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.type, input.method), eq(paymentMethods.isActive, true)));
  if (!method) throw new ValidationError({ method: [billingMessages.unknownMethod] });
  // Only the fields of this method's schema are kept (the contract strips any others).
  const details = billingDetailsByMethod[input.method].parse(input.details) as Record<string, string>;
  await db
    .insert(billingAccounts)
    .values({ userId, recipientType: input.recipient_type, paymentMethodId: method.id, details, isComplete: true })
    .onConflictDoUpdate({
      target: billingAccounts.userId,
      set: { recipientType: input.recipient_type, paymentMethodId: method.id, details, isComplete: true, updatedAt: sql`now()` },
    });
  return getBilling(db, userId);
}

/** GET /v1/affiliates/{id}/billing: where the affiliate is paid, as they see it in their profile (docs/money.md, Staff views). */
export async function affiliateBilling(db: Db, affiliateId: number): Promise<BillingAccount> {
  await requireAffiliate(db, affiliateId);
  return getBilling(db, affiliateId);
}
