import type { PayoutHoldReason } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { extraHoldDays } from '../fraud/index.ts';
import { computeIssues } from '../profile/index.ts';
import { getSetting } from '../settings/index.ts';
import { rows } from './sql.ts';

/**
 * Who may be paid, how much and when: the one rule the period close, the payout screens, the
 * balance and the "when am I paid?" checklist all ask (docs/money.md, Eligibility).
 */

export const HOLD_DAYS_SETTING = 'payout_hold_days';
export const DEFAULT_HOLD_DAYS = 14;
/** The minimum of an affiliate who has not chosen a payment method yet. */
export const DEFAULT_MINIMUM_CENTS = 5000;

/** What an affiliate's payouts are made of: their method, its minimum and fee, tax and split fee, open issues. */
export interface PayoutTerms {
  affiliateId: number;
  name: string;
  email: string;
  /** Payment method type (wire, ach, paypal...), or 'none'. */
  method: string;
  methodName: string;
  minimumCents: number;
  /** Flat fee of the method, per payout. */
  methodFeeCents: number;
  withholdingBp: number;
  splitFeeBp: number;
  recipientType: string | null;
  country: string;
  issues: PayoutHoldReason[];
  /** The affiliate's billing details as the invoice shows them. */
  billing: Record<string, unknown>;
}

export interface PayoutFigures {
  grossCents: number;
  withholdingCents: number;
  feeCents: number;
  splitFeeCents: number;
  methodFeeCents: number;
  amountCents: number;
}

/** `cents * bp / 10000`, rounded half up, in integers. */
export function shareOf(cents: number, bp: number): number {
  if (cents <= 0 || bp <= 0) return 0;
  const product = BigInt(cents) * BigInt(bp);
  const q = product / 10000n;
  return Number((product % 10000n) * 2n >= 10000n ? q + 1n : q);
}

/** What a payout of `grossCents` pays after withholding and fees. */
export function payoutFigures(terms: Pick<PayoutTerms, 'withholdingBp' | 'splitFeeBp' | 'methodFeeCents'>, grossCents: number): PayoutFigures {
  const withholdingCents = shareOf(grossCents, terms.withholdingBp);
  const splitFeeCents = shareOf(grossCents, terms.splitFeeBp);
  const methodFeeCents = grossCents > 0 ? terms.methodFeeCents : 0;
  const feeCents = splitFeeCents + methodFeeCents;
  return { grossCents, withholdingCents, feeCents, splitFeeCents, methodFeeCents, amountCents: grossCents - withholdingCents - feeCents };
}

export type Decision =
  | { pay: false; figures: PayoutFigures; reason: 'below_minimum' }
  | { pay: true; figures: PayoutFigures; status: 'to_approve' | 'held'; holdReasons: PayoutHoldReason[] };

/**
 * A close's decision for one affiliate: a payout when what it would pay reaches the method's
 * minimum (held while profile issues are open), else the balance carries over.
 */
export function decide(terms: PayoutTerms, grossCents: number): Decision {
  const figures = payoutFigures(terms, grossCents);
  if (figures.amountCents <= 0 || figures.amountCents < terms.minimumCents) return { pay: false, figures, reason: 'below_minimum' };
  return terms.issues.length > 0 ? { pay: true, figures, status: 'held', holdReasons: terms.issues } : { pay: true, figures, status: 'to_approve', holdReasons: [] };
}

/** Where each issue is fixed. */
export const issueLinks: Record<PayoutHoldReason, string> = {
  billing_account_incomplete: '/profile?tab=billing',
  user_details_missing: '/profile?tab=info',
  legal_forms_not_submitted: '/profile?tab=billing',
  legal_forms_not_accepted: '/profile?tab=billing',
  legal_forms_rejected: '/profile?tab=billing',
  legal_forms_expired: '/profile?tab=billing',
};

/** US backup withholding: taken from a US person's payouts while no valid W-9 is on file (docs/tax-forms.md). */
export const BACKUP_WITHHOLDING_SETTING = 'backup_withholding_bp';
export const DEFAULT_BACKUP_WITHHOLDING_BP = 2400;

export async function backupWithholdingBp(db: Db): Promise<number> {
  const value = await getSetting<unknown>(db, BACKUP_WITHHOLDING_SETTING, DEFAULT_BACKUP_WITHHOLDING_BP);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000 ? value : DEFAULT_BACKUP_WITHHOLDING_BP;
}

export async function holdDays(db: Db): Promise<number> {
  const value = await getSetting<unknown>(db, HOLD_DAYS_SETTING, DEFAULT_HOLD_DAYS);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 365 ? value : DEFAULT_HOLD_DAYS;
}

/**
 * One affiliate's hold: the network's hold days plus the days their 90-day chargeback ratio adds
 * (the risk-hold table in Fraud settings). The close, the balance and "When am I paid?" all wait this long.
 */
export async function affiliateHoldDays(db: Db, affiliateId: number, now: Date): Promise<{ days: number; extraDays: number }> {
  const [base, extra] = await Promise.all([holdDays(db), extraHoldDays(db, [affiliateId], now)]);
  const extraDays = extra.get(affiliateId) ?? 0;
  return { days: base + extraDays, extraDays };
}

/** Every affiliate whose hold is longer than the network's `baseDays`: id -> their hold days. */
export async function longerHolds(db: Db, baseDays: number, now: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const [id, extra] of await extraHoldDays(db, 'all', now)) if (extra > 0) out.set(id, baseDays + extra);
  return out;
}

export interface TermsRow {
  affiliate_id: number;
  name: string;
  email: string;
  method: string | null;
  method_name: string | null;
  min_payout_cents: number | string | null;
  method_fee_cents: number | string | null;
  withholding_bp: number | null;
  split_fee_bp: number | null;
  recipient_type: string | null;
  country: string | null;
  billing_complete: boolean | null;
  legal_form_status: string | null;
  legal_form_expires_at: Date | string | null;
  legal_form_declined: boolean | null;
  method_active: boolean | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  /** Absent where the caller keeps the billing details in the database (the period close). */
  billing?: Record<string, unknown>;
}

/** What the terms are read from, for the affiliates in `u` (users); `where u.is_client` is the caller's. */
export const termsFrom = sql`users u
        left join affiliate_profiles p on p.user_id = u.id
        left join billing_accounts ba on ba.user_id = u.id
        left join payment_methods pm on pm.id = ba.payment_method_id
        left join tax_withholdings tw on tw.country = p.country and tw.recipient_type = ba.recipient_type
        left join split_fees sf on sf.affiliate_id = u.id`;

/** The columns of a `TermsRow` but its billing details, over `termsFrom`. */
export const termsColumns = sql`u.id as affiliate_id, u.name, u.email,
          pm.type as method, pm.name as method_name, pm.min_payout_cents, pm.fee_cents as method_fee_cents,
          tw.rate_bp as withholding_bp, sf.rate_bp as split_fee_bp, ba.recipient_type, p.country,
          ba.is_complete as billing_complete, p.legal_form_status, p.legal_form_expires_at, p.legal_form_declined, pm.is_active as method_active,
          p.address, p.city, p.postal_code`;

/** The affiliate's billing details as the invoice shows them (a payout keeps them), over `termsFrom`. */
export const billingSql = sql`jsonb_build_object('name', u.name, 'email', u.email, 'company', coalesce(p.company, ''),
          'address', coalesce(p.address, ''), 'city', coalesce(p.city, ''), 'postal_code', coalesce(p.postal_code, ''),
          'country', coalesce(p.country, ''), 'recipient_type', ba.recipient_type, 'method', coalesce(pm.name, ''),
          'details', coalesce(ba.details, '{}'::jsonb))`;

/**
 * The terms of the given affiliates in one query (the period close reads its own). Only the issues that
 * hold a payout count here: user details, billing details and the tax form (the profile's own
 * rule). A US person without a valid W-9 has the backup withholding rate taken when it is higher
 * than the country's rate.
 */
export async function loadTerms(db: Db, ids: readonly number[]): Promise<Map<number, PayoutTerms>> {
  const list = await rows<TermsRow>(
    db,
    sql`select ${termsColumns}, ${billingSql} as billing from ${termsFrom} where u.is_client and u.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return termsOf(list, list.length ? await backupWithholdingBp(db) : 0);
}

/** Terms from the rows of `termsColumns` (the backup withholding rate read once by the caller). */
export function termsOf(list: readonly TermsRow[], backupBp: number): Map<number, PayoutTerms> {
  const out = new Map<number, PayoutTerms>();
  const now = new Date();
  for (const r of list) {
    // The profile's own rule (a deactivated method leaves billing incomplete too).
    const legal = {
      legalFormStatus: r.legal_form_status ?? 'not_uploaded',
      legalFormExpiresAt: r.legal_form_expires_at === null ? null : new Date(r.legal_form_expires_at),
      legalFormDeclined: Boolean(r.legal_form_declined),
    };
    const profile = computeIssues(true, { address: r.address ?? '', city: r.city ?? '', postalCode: r.postal_code ?? '', country: r.country ?? '', ...legal }, Boolean(r.billing_complete && r.method_active), now);
    const issues: PayoutHoldReason[] = [...profile.info, ...profile.billing, ...profile.legal];
    const tableBp = r.withholding_bp ?? 0;
    const withholdingBp = r.country === 'US' && profile.legal.length > 0 ? Math.max(tableBp, backupBp) : tableBp;
    out.set(r.affiliate_id, {
      affiliateId: r.affiliate_id,
      name: r.name,
      email: r.email,
      method: r.method ?? 'none',
      methodName: r.method_name ?? 'Not chosen',
      minimumCents: r.min_payout_cents === null ? DEFAULT_MINIMUM_CENTS : Number(r.min_payout_cents),
      methodFeeCents: Number(r.method_fee_cents ?? 0),
      withholdingBp,
      splitFeeBp: r.split_fee_bp ?? 0,
      recipientType: r.recipient_type,
      country: r.country ?? '',
      issues,
      billing: r.billing ?? {},
    });
  }
  return out;
}
