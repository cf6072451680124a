import type { EmailType } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { EmailVars } from './render.ts';

/** Said in the activation email while sign-ups wait for staff's approval (Affiliates > sign-up approval). */
export const SIGNUP_REVIEW_NOTE = 'Our team reviews every new account: you can sign in and complete your profile right away, and your tracking links open once we approve it (we will email you).';

/** Where each type's `{{link}}` leads in a preview or test (the real mail carries its own token). */
const samplePaths: Partial<Record<EmailType, string>> = {
  activation: '/activate-account?token=preview',
  password_reset: '/password-reset?token=preview',
  password_changed: '/forgot-password',
  staff_invite: '/password-reset?token=preview',
  new_signup: '/affiliates',
  signup_approved: '/offers',
  profile_info_rejected: '/profile?tab=info',
  payout_approved: '/payments',
  payout_paid: '/payments',
  payout_rejected: '/payments',
  payout_unmarked_paid: '/payments',
  appeal_received: '/fraud',
  appeal_decided: '/conversion-log',
  payout_returned: '/profile?tab=billing',
  news: '/announcements',
  tax_form_submitted: '/affiliates',
  tax_form_accepted: '/profile?tab=billing',
  tax_form_declined: '/profile?tab=billing',
  tax_form_expiring: '/profile?tab=billing',
  tax_form_expired: '/profile?tab=billing',
  tax_document_ready: '/payments',
  announcement_digest: '/announcements',
  weekly_summary: '/statistics',
  cap_alert: '/offers',
};

/**
 * The values a preview or test email shows: the chosen affiliate's own name, email and id (or the
 * signed-in staff member's), and believable examples for the rest.
 */
export async function sampleVars(db: Db, publicUrl: string, type: EmailType, person: { affiliateId?: number | null | undefined; staffId: number }): Promise<EmailVars> {
  const [who] = person.affiliateId
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.id, person.affiliateId), eq(users.isClient, true)))
    : await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, person.staffId));
  if (!who) throw new NotFoundError();
  const [staff] = await db.select({ name: users.name }).from(users).where(eq(users.id, person.staffId));
  return {
    name: who.name,
    email: who.email,
    affiliate_id: who.id,
    link: `${publicUrl}${samplePaths[type] ?? '/'}`,
    code: '482913',
    amount: '$1,250.00',
    period: 'October 2026',
    method: 'Wire transfer (IBAN)',
    form_type: 'W-9',
    form: '1099-NEC',
    year: 2026,
    corrected: '',
    reason: 'The signature is missing.',
    next_step: 'Payouts wait until a valid form is accepted: please send a new one from your profile.',
    last_day: 'Dec 31, 2026',
    outcome: 'was declined',
    role: 'Affiliate manager',
    inviter: staff?.name ?? 'The owner',
    title: 'New studio joined the network',
    count: 3,
    titles: 'New studio joined the network\nHalloween campaign creatives are ready\nPayouts now also by USDT',
    week: 'Nov 16 – Nov 22, 2026',
    clicks: '4,218',
    unique_clicks: '3,907',
    conversions: '37',
    earnings: '$1,482.50',
    top_offers: '1. NovaVR sale: $912.50 (2,310 clicks, 21 conversions)\n2. NovaVR sign-up: $420.00 (1,402 clicks, 14 conversions)\n3. StarVR trial: $150.00 (506 clicks, 2 conversions)',
    message: 'Hello, I run a VR review site and would like to know more about your revenue share.',
    sender: `Affiliate #${who.id}`,
    offer: 'NovaVR sale',
    cap: 'the daily hard cap on conversions',
    state: 'is nearly reached',
    used: '9',
    limit: '10',
    percent: '90%',
    approval_note: SIGNUP_REVIEW_NOTE,
    conversion_id: 1042,
    decision: 'approved',
    answer: 'It is paid now and counts in your next payout.',
  };
}
