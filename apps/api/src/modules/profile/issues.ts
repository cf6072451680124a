import type { ProfileIssueCode, ProfileIssues, TaxFormStatus } from '@portal/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles, billingAccounts, paymentMethods, users } from '../../db/schema/index.ts';

type LegalRow = Pick<typeof affiliateProfiles.$inferSelect, 'legalFormStatus' | 'legalFormExpiresAt' | 'legalFormDeclined'>;
type ProfileRow = Pick<typeof affiliateProfiles.$inferSelect, 'address' | 'city' | 'postalCode' | 'country'> & Partial<LegalRow>;

export type LegalIssue = Extract<ProfileIssueCode, `legal_forms_${string}`>;

const expiredBy = (p: Partial<LegalRow> | undefined, now: Date) => Boolean(p?.legalFormExpiresAt && p.legalFormExpiresAt.getTime() <= now.getTime());

/**
 * The affiliate's W9/W8 state (SPEC.md section 4) as every screen shows it and the affiliates list
 * filters it: the stored status, except that an accepted W-8 past its expiry no longer counts and
 * reads Not Uploaded from that very moment (a new form must be sent; the issue says expired).
 * `legalStateSql` is the same rule in SQL; both read the three profile columns that
 * `tax-forms/store.ts` `setProfileLegal` alone writes.
 */
export function legalStateOf(p: Partial<LegalRow> | undefined, now: Date = new Date()): TaxFormStatus {
  const stored = (p?.legalFormStatus ?? 'not_uploaded') as TaxFormStatus;
  return stored === 'accepted' && expiredBy(p, now) ? 'not_uploaded' : stored;
}

/** `legalStateOf` in SQL, over `affiliate_profiles` (left-joined: a missing profile is Not Uploaded). */
export function legalStateSql(now: Date = new Date()): SQL<TaxFormStatus> {
  const stored = sql`coalesce(${affiliateProfiles.legalFormStatus}, 'not_uploaded')`;
  return sql<TaxFormStatus>`(case when ${stored} = 'accepted' and ${affiliateProfiles.legalFormExpiresAt} <= ${now.toISOString()}::timestamptz then 'not_uploaded' else ${stored} end)`;
}

/**
 * The tax form's issue (docs/tax-forms.md): none when staff marked the affiliate n/a or a form is
 * accepted and not expired; a W-8 past its expiry raises `legal_forms_expired` from that very
 * moment (the expiry job only sends the emails).
 */
export function legalIssueOf(p: Partial<LegalRow> | undefined, now: Date = new Date()): LegalIssue | null {
  switch (p?.legalFormStatus ?? 'not_uploaded') {
    case 'n_a':
      return null;
    case 'accepted':
      return expiredBy(p, now) ? 'legal_forms_expired' : null;
    case 'pending':
      return 'legal_forms_not_accepted';
    case 'declined':
      return 'legal_forms_rejected';
    default:
      return p?.legalFormDeclined ? 'legal_forms_rejected' : 'legal_forms_not_submitted';
  }
}

/**
 * What keeps an affiliate from being paid, grouped by the profile tab that fixes it. The one rule
 * the profile, the top bar and payout eligibility all use (through `profileIssuesOf`).
 */
export function computeIssues(isClient: boolean, profile: ProfileRow | undefined, billingComplete: boolean, now: Date = new Date()): ProfileIssues {
  const issues: ProfileIssues = { info: [], billing: [], legal: [] };
  if (!isClient) return issues;
  const p = profile;
  if (!p || !p.address || !p.city || !p.postalCode || !p.country) issues.info.push('user_details_missing');
  if (!billingComplete) issues.billing.push('billing_account_incomplete');
  const legal = legalIssueOf(p, now);
  if (legal) issues.legal.push(legal);
  return issues;
}

/** The profile issues of many users at once (three reads, whatever the count); a missing user is absent. */
export async function profileIssuesOf(db: Db, userIds: readonly number[]): Promise<Map<number, ProfileIssues>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      isClient: users.isClient,
      address: affiliateProfiles.address,
      city: affiliateProfiles.city,
      postalCode: affiliateProfiles.postalCode,
      country: affiliateProfiles.country,
      legalFormStatus: affiliateProfiles.legalFormStatus,
      legalFormExpiresAt: affiliateProfiles.legalFormExpiresAt,
      legalFormDeclined: affiliateProfiles.legalFormDeclined,
      hasProfile: affiliateProfiles.userId,
      billingComplete: billingAccounts.isComplete,
      methodActive: paymentMethods.isActive,
    })
    .from(users)
    .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, users.id))
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .leftJoin(paymentMethods, eq(paymentMethods.id, billingAccounts.paymentMethodId))
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      computeIssues(
        r.isClient,
        r.hasProfile === null
          ? undefined
          : { address: r.address!, city: r.city!, postalCode: r.postalCode!, country: r.country!, legalFormStatus: r.legalFormStatus!, legalFormExpiresAt: r.legalFormExpiresAt, legalFormDeclined: r.legalFormDeclined! },
        Boolean(r.billingComplete && r.methodActive),
      ),
    ]),
  );
}

/** Whether an affiliate's billing details are complete and their method still active. */
export async function billingCompleteOf(db: Db, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ complete: billingAccounts.isComplete, active: paymentMethods.isActive })
    .from(billingAccounts)
    .innerJoin(paymentMethods, eq(paymentMethods.id, billingAccounts.paymentMethodId))
    .where(eq(billingAccounts.userId, userId));
  return Boolean(r?.complete && r.active);
}
