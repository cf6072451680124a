import { maskTin, type TaxForm, type TaxFormState, type TaxFormStatus } from '@portal/contracts';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { setLegalFormStatus } from '../accounts/index.ts';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles, taxForms, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Scope, scopeCondition } from '../../lib/scope.ts';
import { legalIssueOf, legalStateOf } from '../profile/index.ts';

export type TaxFormRow = typeof taxForms.$inferSelect;

const reviewers = alias(users, 'reviewers');

const columns = {
  form: taxForms,
  affiliate: { id: users.id, name: users.name, email: users.email },
  reviewer: { id: reviewers.id, name: reviewers.name },
};

type Joined = { form: TaxFormRow; affiliate: TaxForm['affiliate']; reviewer: { id: number; name: string } | null };

const formNames: Record<string, string> = { w9: 'Form W-9', w8ben: 'Form W-8BEN', w8bene: 'Form W-8BEN-E' };
export const formName = (type: string): string => formNames[type] ?? 'tax form';

/** The reply shape of a row: every TIN masked, nothing encrypted leaves the server. */
export function toTaxForm({ form: f, affiliate, reviewer }: Joined, now: Date = new Date()): TaxForm {
  const fields = { ...(f.fields as Record<string, string | boolean>) };
  return {
    id: f.id,
    affiliate,
    form_type: f.formType as TaxForm['form_type'],
    source: f.source as TaxForm['source'],
    status: f.status as TaxForm['status'],
    fields,
    tin_type: f.tinType,
    tin_masked: f.tinType && f.tinLast4 ? maskTin(f.tinType, f.tinLast4) : null,
    signature: f.signature,
    signed_at: f.signedAt,
    expires_at: f.expiresAt?.toISOString() ?? null,
    expired: f.status === 'accepted' && f.expiresAt !== null && f.expiresAt.getTime() <= now.getTime(),
    submitted_at: f.createdAt.toISOString(),
    reviewed_at: f.reviewedAt?.toISOString() ?? null,
    reviewed_by: reviewer?.id ? reviewer : null,
    decline_reason: f.declineReason,
    superseded: f.supersededAt !== null,
    file_name: f.fileName,
  };
}

const scoped = (scope: Scope) => scopeCondition(scope, taxForms.affiliateId);

function select(db: Db) {
  return db.select(columns).from(taxForms).innerJoin(users, eq(users.id, taxForms.affiliateId)).leftJoin(reviewers, eq(reviewers.id, taxForms.reviewedBy));
}

/** One form the caller may see: an affiliate only their own (404 for any other). */
export async function findTaxForm(db: Db, scope: Scope, id: number): Promise<Joined> {
  const [row] = await select(db).where(and(eq(taxForms.id, id), scoped(scope)));
  if (!row) throw new NotFoundError();
  return row;
}

/** An affiliate's status, the issue it raises, the latest form and every form, newest first. */
export async function taxFormState(db: Db, affiliateId: number, now: Date = new Date()): Promise<TaxFormState> {
  const [who] = await db
    .select({ id: users.id, name: users.name, email: users.email, isClient: users.isClient, profile: affiliateProfiles })
    .from(users)
    .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, users.id))
    .where(eq(users.id, affiliateId));
  if (!who?.isClient) throw new NotFoundError();
  const history = (await select(db).where(eq(taxForms.affiliateId, affiliateId)).orderBy(desc(taxForms.id))).map((r) => toTaxForm(r, now));
  return {
    affiliate: { id: who.id, name: who.name, email: who.email },
    status: legalStateOf(who.profile ?? undefined, now),
    issue: legalIssueOf(who.profile ?? undefined, now),
    current: history[0] ?? null,
    history,
  };
}

/** The staff's queue: forms waiting for review (or those accepted or declined), oldest first; a manager's affiliates only for them. */
export async function listTaxForms(
  db: Db,
  scope: Scope,
  q: { status: 'pending' | 'accepted' | 'declined'; page: number; per_page: number },
): Promise<{ data: TaxForm[]; meta: { total: number; page: number; per_page: number } }> {
  const where = and(eq(taxForms.status, q.status), isNull(taxForms.supersededAt), scoped(scope));
  const [total] = await db.select({ n: count() }).from(taxForms).where(where);
  const list = await select(db)
    .where(where)
    .orderBy(q.status === 'pending' ? asc(taxForms.createdAt) : desc(taxForms.reviewedAt), asc(taxForms.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const now = new Date();
  return { data: list.map((r) => toTaxForm(r, now)), meta: { total: Number(total?.n ?? 0), page: q.page, per_page: q.per_page } };
}

/** Sets the affiliate's form status on their profile (made if missing). */
export async function setProfileLegal(db: Db, affiliateId: number, values: { status: TaxFormStatus; expiresAt?: Date | null; declined?: boolean }): Promise<void> {
  await setLegalFormStatus(db, affiliateId, values);
}
