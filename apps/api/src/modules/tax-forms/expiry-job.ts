import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue, type JobDefinition } from '../jobs/index.ts';
import { rows } from '../payouts/index.ts';
import { lastValidDay } from './expiry-date.ts';
import { type ReviewDeps, taxFormLink } from './review.ts';
import { formName } from './store.ts';
import { sendEmail, sendOptionalEmail } from '../email/index.ts';

/** The daily sweep of W-8 expiries: one pending job at a time. */
export const EXPIRY_JOB = 'tax-forms.expiry';
const DAY = 86_400_000;
/** The reminder goes out this long before a form expires. */
export const REMINDER_DAYS = 30;

export async function scheduleExpirySweep(db: Db, runAt: Date): Promise<void> {
  const [pending] = await rows<{ id: number }>(db, sql`select id from jobs where kind = ${EXPIRY_JOB} and done_at is null limit 1`);
  if (!pending) await enqueue(db, EXPIRY_JOB, {}, { runAt });
}

interface Due {
  id: number;
  affiliate_id: number;
  form_type: string;
  expires_at: Date | string;
  name: string;
  email: string;
}

/**
 * Marks the accepted W-8s (the affiliate's current form) expired by `now` and emails their
 * affiliates; reminds those expiring within 30 days (unless they turned tax form reminders off). Each mark is set before its email, in one
 * statement that only takes unmarked rows, so two sweeps never send twice. The profile issue
 * itself needs no mark: it follows the expiry date (modules/profile/issues.ts).
 */
export async function sweepExpiries(deps: ReviewDeps, now: Date = new Date()): Promise<{ reminded: number; expired: number }> {
  const current = sql`f.status = 'accepted' and f.expires_at is not null and f.superseded_at is null
    and not exists (select 1 from tax_forms n where n.affiliate_id = f.affiliate_id and n.id > f.id and n.superseded_at is null)`;
  const expired = await rows<Due>(
    deps.db,
    sql`update tax_forms f set expired_at = ${now} from users u
        where u.id = f.affiliate_id and ${current} and f.expired_at is null and f.expires_at <= ${now}
        returning f.id, f.affiliate_id, f.form_type, f.expires_at, u.name, u.email`,
  );
  const reminded = await rows<Due>(
    deps.db,
    sql`update tax_forms f set reminder_sent_at = ${now} from users u
        where u.id = f.affiliate_id and ${current} and f.reminder_sent_at is null and f.expires_at > ${now}
          and f.expires_at <= ${new Date(now.getTime() + REMINDER_DAYS * DAY)}
        returning f.id, f.affiliate_id, f.form_type, f.expires_at, u.name, u.email`,
  );
  const link = taxFormLink(deps.publicUrl);
  for (const r of expired) {
    await sendEmail(deps, 'tax_form_expired', { to: r.email, vars: { name: r.name, email: r.email, form_type: formName(r.form_type), link } }).catch((err: unknown) =>
      deps.log.error({ err, to: r.email }, 'tax form expiry email failed'),
    );
  }
  // The reminder is optional (email preferences: tax form reminders); the expiry notice is not.
  for (const r of reminded) {
    await sendOptionalEmail(deps, r.affiliate_id, 'tax_form_reminders', 'tax_form_expiring', { form_type: formName(r.form_type), last_day: lastValidDay(new Date(r.expires_at)), link }).catch((err: unknown) =>
      deps.log.error({ err, affiliateId: r.affiliate_id }, 'tax form reminder email failed'),
    );
  }
  return { reminded: reminded.length, expired: expired.length };
}

export function expiryJob(deps: ReviewDeps): JobDefinition<Record<string, never>> {
  return {
    backoff: { baseMs: 60_000, capMs: 3_600_000 },
    async handle() {
      const result = await sweepExpiries(deps);
      if (result.expired || result.reminded) deps.log.info(result, 'tax form expiries swept');
      // The next sweep is a day later (enqueued after this job is marked done, so not "pending" yet).
      await enqueue(deps.db, EXPIRY_JOB, {}, { runAt: new Date(Date.now() + DAY) });
    },
  };
}
