import type { EmailType } from '@portal/contracts';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { announcements, billingAccounts, conversionAppeals, conversions, emailPreferences, paymentMethods, payoutTransitions, payouts, users } from '../../db/schema/index.ts';
import { enqueue, enqueueMany } from '../jobs/index.ts';
import { sendOptionalEmail } from './optional.ts';
import { emailSwitchedOn, sendEmail } from './send.ts';

/** The appeal emails, enqueued by fraud's review: staff hear of a new appeal, the affiliate of the decision on theirs. */
export const APPEAL_RECEIVED_JOB = 'email.appeal-received';
export const APPEAL_DECIDED_JOB = 'email.appeal-decided';
/** One announcement: fans out into one news email per affiliate who wants news. */
export const NEWS_EMAILS_JOB = 'email.news';
const NEWS_EMAIL_JOB = 'email.news.one';
/** A payout changed status: its affiliate hears of it if they want payout updates. */
export const PAYOUT_UPDATE_JOB = 'email.payout-update';

const typeByStatus: Partial<Record<string, EmailType>> = { to_pay: 'payout_approved', paid: 'payout_paid', rejected: 'payout_rejected', returned: 'payout_returned' };
const methodNames: Record<string, string> = { wire: 'Wire transfer (IBAN)', ach: 'ACH (US bank)', paypal: 'PayPal', paxum: 'Paxum', usdt: 'USDT' };
/** A payout's period as people say it: "2026-10" is "October 2026". */
export const periodName = (period: string) => {
  const [year, month] = period.split('-').map(Number);
  return year && month ? new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }) : period;
};
const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** Call after an announcement is published; the emails go out from the job queue. */
export async function enqueueNewsEmails(db: Db, announcementId: number): Promise<void> {
  await enqueue(db, NEWS_EMAILS_JOB, { announcementId });
}

/**
 * Call after a payout changes status (pass the transaction to make it part of it). `unmarkedPaid`:
 * it was marked paid by mistake and is back to pay; the affiliate told it was paid gets a correction.
 */
export async function enqueuePayoutUpdateEmail(db: Db, payoutId: number, unmarkedPaid = false): Promise<void> {
  await enqueue(db, PAYOUT_UPDATE_JOB, unmarkedPaid ? { payoutId, unmarkedPaid, reason: await unmarkReason(db, payoutId) } : { payoutId });
}

/** Why staff took the payout's "paid" back: the reason of its latest paid -> to_pay step. */
async function unmarkReason(db: Db, payoutId: number): Promise<string> {
  const [row] = await db
    .select({ reason: payoutTransitions.reason })
    .from(payoutTransitions)
    .where(and(eq(payoutTransitions.payoutId, payoutId), eq(payoutTransitions.fromStatus, 'paid'), eq(payoutTransitions.toStatus, 'to_pay')))
    .orderBy(desc(payoutTransitions.id))
    .limit(1);
  return row?.reason ?? '';
}

export function registerOptionalEmailJobs(app: FastifyInstance): void {
  const deps = { db: app.db, config: app.config, mailer: app.mailer };

  /** An appealed conversion with its affiliate and the appeal, as the two appeal emails need it. */
  const appealed = async (conversionId: number) => {
    const [row] = await app.db
      .select({ status: conversions.status, reason: conversions.reason, affiliateId: users.id, name: users.name, email: users.email, message: conversionAppeals.message })
      .from(conversionAppeals)
      .innerJoin(conversions, eq(conversions.id, conversionAppeals.conversionId))
      .innerJoin(users, eq(users.id, conversionAppeals.affiliateId))
      .where(eq(conversionAppeals.conversionId, conversionId));
    return row;
  };

  // Staff (the support address) hear of a new appeal at once.
  app.jobs.register<{ conversionId: number }>(APPEAL_RECEIVED_JOB, {
    async handle({ conversionId }) {
      const a = await appealed(conversionId);
      if (!a) return;
      await sendEmail(deps, 'appeal_received', {
        vars: { name: a.name, email: a.email, affiliate_id: a.affiliateId, conversion_id: conversionId, reason: a.reason ?? '', message: a.message, link: `${app.config.publicUrl}/fraud` },
      });
    },
  });

  // The affiliate hears the decision on their appeal, with staff's answer.
  app.jobs.register<{ conversionId: number }>(APPEAL_DECIDED_JOB, {
    async handle({ conversionId }) {
      const a = await appealed(conversionId);
      if (!a) return;
      const approved = a.status !== 'rejected';
      const answer = approved
        ? a.status === 'accepted'
          ? 'It is paid now and counts towards your next payout.'
          : 'It is approved and is paid as soon as the exchange rate of its day arrives.'
        : `Staff’s answer: ${a.reason ?? ''}`;
      await sendEmail(deps, 'appeal_decided', {
        to: a.email,
        vars: { name: a.name, email: a.email, conversion_id: conversionId, decision: approved ? 'approved' : 'rejected', answer, link: `${app.config.publicUrl}/conversion-log` },
      });
    },
  });

  app.jobs.register<{ announcementId: number }>(NEWS_EMAILS_JOB, {
    async handle({ announcementId }) {
      // Off by default: announcements then reach affiliates in the daily digest (periodic.ts).
      if (!(await emailSwitchedOn(app.db, 'news'))) return;
      // Who wants news: active affiliates without a preference row, or with news on.
      const rows = await app.db
        .select({ id: users.id })
        .from(users)
        .leftJoin(emailPreferences, eq(emailPreferences.userId, users.id))
        .where(and(eq(users.isClient, true), eq(users.isActive, true), eq(users.approvalStatus, 'approved'), or(isNull(emailPreferences.userId), eq(emailPreferences.news, true))));
      await enqueueMany(app.db, rows.map((r) => ({ kind: NEWS_EMAIL_JOB, payload: { announcementId, userId: r.id } })));
    },
  });

  app.jobs.register<{ announcementId: number; userId: number }>(NEWS_EMAIL_JOB, {
    async handle({ announcementId, userId }) {
      const [a] = await app.db.select({ title: announcements.title }).from(announcements).where(eq(announcements.id, announcementId));
      if (!a) return;
      await sendOptionalEmail(deps, userId, 'news', 'news', { title: a.title, link: `${app.config.publicUrl}/announcements` });
    },
  });

  app.jobs.register<{ payoutId: number; unmarkedPaid?: boolean; reason?: string }>(PAYOUT_UPDATE_JOB, {
    async handle({ payoutId, unmarkedPaid, reason }) {
      const [p] = await app.db
        .select({ affiliateId: payouts.affiliateId, period: payouts.period, status: payouts.status, amountCents: payouts.amountCents, rejectReason: payouts.rejectReason, method: payouts.method })
        .from(payouts)
        .where(eq(payouts.id, payoutId));
      if (!p) return;
      // Paid by the affiliate's method when it is paid: until then the one they have chosen now.
      let method = p.method;
      if (p.status === 'to_pay' || p.status === 'to_approve' || p.status === 'held') {
        const [current] = await app.db
          .select({ type: paymentMethods.type })
          .from(billingAccounts)
          .innerJoin(paymentMethods, eq(paymentMethods.id, billingAccounts.paymentMethodId))
          .where(and(eq(billingAccounts.userId, p.affiliateId), eq(paymentMethods.isActive, true)));
        method = current?.type ?? method;
      }
      const vars = { amount: dollars(p.amountCents), period: periodName(p.period), method: methodNames[method] ?? (method === 'none' ? 'the payment method you choose in Billing' : method) };
      if (unmarkedPaid) {
        // A correction only where "we paid you" went out: the paid email is on (the affiliate's own choice is checked on sending).
        if (p.status === 'to_pay' && (await emailSwitchedOn(app.db, 'payout_paid')))
          await sendOptionalEmail(deps, p.affiliateId, 'payout_updates', 'payout_unmarked_paid', { ...vars, reason: reason ?? '', link: `${app.config.publicUrl}/payments` });
        return;
      }
      // Approved, paid and rejected each have a template of their own; other changes send nothing.
      const type = typeByStatus[p.status];
      if (!type) return;
      await sendOptionalEmail(deps, p.affiliateId, 'payout_updates', type, {
        ...vars,
        reason: p.rejectReason ?? '',
        link: `${app.config.publicUrl}/payments`,
      });
    },
  });
}
