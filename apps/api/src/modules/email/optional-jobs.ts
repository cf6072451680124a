import type { EmailType } from '@portal/contracts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { announcements, emailPreferences, payouts, users } from '../../db/schema/index.ts';
import { enqueue, enqueueMany } from '../jobs/index.ts';
import { sendOptionalEmail } from './optional.ts';
import { emailSwitchedOn } from './send.ts';

/** One announcement: fans out into one news email per affiliate who wants news. */
export const NEWS_EMAILS_JOB = 'email.news';
const NEWS_EMAIL_JOB = 'email.news.one';
/** A payout changed status: its affiliate hears of it if they want payout updates. */
export const PAYOUT_UPDATE_JOB = 'email.payout-update';

const typeByStatus: Partial<Record<string, EmailType>> = { to_pay: 'payout_approved', paid: 'payout_paid', rejected: 'payout_rejected', returned: 'payout_returned' };
const methodNames: Record<string, string> = { wire: 'Wire transfer (IBAN)', ach: 'ACH (US bank)', paypal: 'PayPal', paxum: 'Paxum', usdt: 'USDT' };
const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** Call after an announcement is published; the emails go out from the job queue. */
export async function enqueueNewsEmails(db: Db, announcementId: number): Promise<void> {
  await enqueue(db, NEWS_EMAILS_JOB, { announcementId });
}

/** Call after a payout changes status (pass the transaction to make it part of it). */
export async function enqueuePayoutUpdateEmail(db: Db, payoutId: number): Promise<void> {
  await enqueue(db, PAYOUT_UPDATE_JOB, { payoutId });
}

export function registerOptionalEmailJobs(app: FastifyInstance): void {
  const deps = { db: app.db, config: app.config, mailer: app.mailer };

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

  app.jobs.register<{ payoutId: number }>(PAYOUT_UPDATE_JOB, {
    async handle({ payoutId }) {
      const [p] = await app.db
        .select({ affiliateId: payouts.affiliateId, period: payouts.period, status: payouts.status, amountCents: payouts.amountCents, rejectReason: payouts.rejectReason, method: payouts.method })
        .from(payouts)
        .where(eq(payouts.id, payoutId));
      if (!p) return;
      // Approved, paid and rejected each have a template of their own; other changes send nothing.
      const type = typeByStatus[p.status];
      if (!type) return;
      await sendOptionalEmail(deps, p.affiliateId, 'payout_updates', type, {
        amount: dollars(p.amountCents),
        period: p.period,
        method: methodNames[p.method] ?? p.method,
        reason: p.rejectReason ?? '',
        link: `${app.config.publicUrl}/payments`,
      });
    },
  });
}
