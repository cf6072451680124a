import { type TaxFormDeclineRequest, taxFormMessages } from '@portal/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { taxForms, users } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { decryptValue } from '../../lib/field-crypto.ts';
import { networkScope } from '../../lib/scope.ts';
import { type EmailVars, type Mailer, sendEmail } from '../email/index.ts';
import { releaseFixedHolds } from '../payouts/index.ts';
import { findTaxForm, formName, setProfileLegal, type TaxFormRow } from './store.ts';
import { cryptoContext } from './submit.ts';

export interface ReviewDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The review's needs, from the app. */
export const reviewDepsOf = (app: FastifyInstance): ReviewDeps => ({ db: app.db, mailer: app.mailer, config: app.config, publicUrl: app.config.publicUrl, log: app.log });

export const taxFormLink = (publicUrl: string) => `${publicUrl}/profile?tab=billing`;

/** The form under review, locked: only the latest pending submission of its affiliate can be decided. */
async function pendingForm(tx: Db, id: number): Promise<TaxFormRow> {
  const [row] = await tx.select().from(taxForms).where(eq(taxForms.id, id)).for('update');
  if (!row) throw new NotFoundError();
  if (row.status !== 'pending' || row.supersededAt) throw new AppError('conflict', taxFormMessages.notPending);
  return row;
}

/** Mail is a courtesy here: a failure is logged, the decision stands. */
async function mailAffiliate(deps: ReviewDeps, affiliateId: number, type: 'tax_form_accepted' | 'tax_form_declined', vars: EmailVars): Promise<void> {
  const [u] = await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, affiliateId));
  if (!u) return;
  await sendEmail(deps, type, { to: u.email, vars: { name: u.name, email: u.email, ...vars } }).catch((err: unknown) => deps.log.error({ err, affiliateId }, 'tax form email failed'));
}

export async function acceptTaxForm(deps: ReviewDeps, staffId: number, id: number): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const form = await pendingForm(tx, id);
    await tx.update(taxForms).set({ status: 'accepted', reviewedAt: new Date(), reviewedBy: staffId }).where(eq(taxForms.id, id));
    await setProfileLegal(tx, form.affiliateId, { status: 'accepted', expiresAt: form.expiresAt });
    await recordEvent(tx, 'tax_form.accepted', { actorId: staffId, subjectId: form.affiliateId, data: { form_id: id, form_type: form.formType } });
    return form;
  });
  // A payout held for the form goes on to approval now rather than at the next read.
  await releaseFixedHolds(deps.db, [row.affiliateId]);
  await mailAffiliate(deps, row.affiliateId, 'tax_form_accepted', { form_type: formName(row.formType), link: taxFormLink(deps.publicUrl) });
}

/**
 * Decline: back to Not Uploaded (the form is declined, the affiliate must send another), or, the
 * dialog's alternative, kept Pending with the reason sent to the affiliate. Both email the reason.
 */
export async function declineTaxForm(deps: ReviewDeps, staffId: number, id: number, input: Required<TaxFormDeclineRequest>): Promise<void> {
  const keptPending = input.status === 'pending';
  const row = await deps.db.transaction(async (tx) => {
    const form = await pendingForm(tx, id);
    await tx
      .update(taxForms)
      .set({ status: keptPending ? 'pending' : 'declined', reviewedAt: new Date(), reviewedBy: staffId, declineReason: input.reason })
      .where(eq(taxForms.id, id));
    if (!keptPending) await setProfileLegal(tx, form.affiliateId, { status: 'not_uploaded', declined: true });
    await recordEvent(tx, 'tax_form.declined', { actorId: staffId, subjectId: form.affiliateId, data: { form_id: id, reason: input.reason, status: input.status } });
    return form;
  });
  await mailAffiliate(deps, row.affiliateId, 'tax_form_declined', {
    form_type: formName(row.formType),
    outcome: keptPending ? 'needs a change' : 'was declined',
    reason: input.reason,
    next_step: keptPending
      ? 'It stays pending: send a corrected form from your profile, or reply to this email.'
      : 'Payouts wait until a valid form is accepted: please send a new one from your profile.',
    link: taxFormLink(deps.publicUrl),
  });
}

/** Staff mark an affiliate as not needing a form (n_a), or as needing one again (not_uploaded). */
export async function setTaxFormStatus(db: Db, staffId: number, affiliateId: number, status: 'n_a' | 'not_uploaded'): Promise<void> {
  const [u] = await db.select({ isClient: users.isClient }).from(users).where(eq(users.id, affiliateId));
  if (!u?.isClient) throw new NotFoundError();
  await db.transaction(async (tx) => {
    if (status === 'not_uploaded') {
      // Needing a form again: the latest accepted one (still valid) counts, else one must be sent.
      const [latest] = await tx
        .select({ status: taxForms.status, expiresAt: taxForms.expiresAt })
        .from(taxForms)
        .where(and(eq(taxForms.affiliateId, affiliateId), isNull(taxForms.supersededAt)))
        .orderBy(desc(taxForms.id))
        .limit(1);
      if (latest && latest.status !== 'declined') await setProfileLegal(tx, affiliateId, { status: latest.status as 'pending' | 'accepted', expiresAt: latest.expiresAt });
      else await setProfileLegal(tx, affiliateId, { status: 'not_uploaded', declined: latest?.status === 'declined' });
    } else await setProfileLegal(tx, affiliateId, { status: 'n_a' });
    await recordEvent(tx, 'tax_form.status', { actorId: staffId, subjectId: affiliateId, data: { status } });
  });
  await releaseFixedHolds(db, [affiliateId]);
}

/** The TINs in clear, for staff with `affiliates`; every reveal is written to the event history. */
export async function revealTins(db: Db, key: Buffer, staffId: number, id: number, ip: string): Promise<{ tin: string | null; us_tin: string | null; foreign_tin: string | null }> {
  const { form } = await findTaxForm(db, networkScope, id);
  if (!form.tinsEncrypted) throw new NotFoundError();
  const tins = JSON.parse(decryptValue(key, form.tinsEncrypted, cryptoContext(form.affiliateId, 'tins')).toString('utf8')) as Record<string, string>;
  await recordEvent(db, 'tax_form.tin_revealed', { actorId: staffId, subjectId: form.affiliateId, ip, data: { form_id: id } });
  const formatted = (v: string | undefined, type: string) => {
    if (!v) return null;
    if (type === 'ein' && /^\d{9}$/.test(v)) return `${v.slice(0, 2)}-${v.slice(2)}`;
    if ((type === 'ssn' || type === 'us') && /^\d{9}$/.test(v)) return `${v.slice(0, 3)}-${v.slice(3, 5)}-${v.slice(5)}`;
    return v;
  };
  return { tin: formatted(tins.tin, form.tinType ?? 'ssn'), us_tin: formatted(tins.us_tin, 'us'), foreign_tin: tins.foreign_tin ?? null };
}
