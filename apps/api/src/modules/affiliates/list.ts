import { type AffiliateListItem, type AffiliateSortField, type affiliatesQuerySchema, type ListMeta, toCsv } from '@portal/contracts';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles, taxForms, tiers, users } from '../../db/schema/index.ts';
import { type Scope, scopeCondition } from '../../lib/scope.ts';
import { balanceCentsSql, earnedCentsSinceSql } from '../ledger/index.ts';
import { legalStateSql } from '../profile/index.ts';
import { acceptedTermsSql, currentTermsVersion, lastAcceptedTermsSql } from '../terms/index.ts';
import { statsDay } from '../../lib/days.ts';

type Query = z.output<typeof affiliatesQuerySchema>;

const managers = alias(users, 'managers');

/** pending (sign-up not yet approved), else active or inactive. */
const statusSql = sql<string>`case when ${users.approvalStatus} = 'pending' then 'pending' when ${users.isActive} then 'active' else 'inactive' end`;

const escapeLike = (s: string) => `%${s.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The WHERE of the list and of its CSV: always affiliates only, within the viewer's scope. */
function conditionsOf(q: Query, scope: Scope, termsVersion: string): SQL[] {
  const where: SQL[] = [eq(users.isClient, true)];
  const scoped = scopeCondition(scope, users.id);
  if (scoped) where.push(scoped);
  if (q.search) {
    const like = escapeLike(q.search);
    const byId = /^\d{1,9}$/.test(q.search) ? [eq(users.id, Number(q.search))] : [];
    const match = or(...byId, ilike(users.name, like), ilike(users.email, like), ilike(affiliateProfiles.company, like), ilike(affiliateProfiles.website, like));
    if (match) where.push(match);
  }
  if (q.status === 'pending') where.push(eq(users.approvalStatus, 'pending'));
  if (q.status === 'active') where.push(and(eq(users.isActive, true), sql`${users.approvalStatus} <> 'pending'`)!);
  if (q.status === 'inactive') where.push(and(eq(users.isActive, false), sql`${users.approvalStatus} <> 'pending'`)!);
  if (q.tier_id) where.push(eq(users.tierId, q.tier_id));
  if (q.manager_id === 'none') where.push(isNull(users.managerId));
  else if (q.manager_id) where.push(eq(users.managerId, q.manager_id));
  if (q.country) where.push(eq(affiliateProfiles.country, q.country));
  // The same state the column shows, the profile issues and the payout hold follow (profile/issues.ts).
  if (q.legal_form_status) where.push(sql`${legalStateSql()} = ${q.legal_form_status}`);
  if (q.revshare_paused !== undefined) where.push(sql`coalesce(${affiliateProfiles.revsharePaused}, false) = ${q.revshare_paused}`);
  if (q.terms === 'current') where.push(acceptedTermsSql(users.id, termsVersion));
  if (q.terms === 'outdated') where.push(sql`not ${acceptedTermsSql(users.id, termsVersion)}`);
  return where;
}

/** The first day of this calendar month in Los Angeles. */
const monthStart = () => `${statsDay(new Date()).slice(0, 7)}-01`;

function sortOf(field: AffiliateSortField, month: string): SQL | typeof users.id {
  switch (field) {
    case 'id':
      return users.id;
    case 'name':
      return sql`lower(${users.name})`;
    case 'email':
      return sql`lower(${users.email})`;
    case 'tier':
      return sql`lower(${tiers.name})`;
    case 'manager':
      return sql`lower(${managers.name})`;
    case 'country':
      return sql`coalesce(${affiliateProfiles.country}, '')`;
    case 'created_at':
      return users.createdAt as unknown as SQL;
    case 'balance':
      return balanceCentsSql(users.id);
    case 'month_earnings':
      return earnedCentsSinceSql(users.id, month);
    case 'status':
      return statusSql;
  }
}

/** Who reads the list: staff who manage affiliates see their own first; the scope says whose rows. */
export interface ListViewer {
  id: number;
  scope: Scope;
}

async function rowsOf(db: Db, q: Query, viewer: ListViewer, paging: { limit?: number; offset: number }, only?: number) {
  const month = monthStart();
  const termsVersion = await currentTermsVersion(db);
  const order = q.order ?? (q.sort ? 'asc' : 'desc');
  const dir = order === 'asc' ? asc : desc;
  const orderBy: SQL[] = [];
  if (!q.sort) orderBy.push(sql`case when ${users.managerId} = ${viewer.id} then 0 else 1 end`);
  const key = sortOf(q.sort ?? 'created_at', month);
  orderBy.push(sql`${dir(key as SQL)} nulls last`, dir(users.id));
  const base = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      status: statusSql,
      createdAt: users.createdAt,
      tierId: tiers.id,
      tierName: tiers.name,
      managerId: managers.id,
      managerName: managers.name,
      company: affiliateProfiles.company,
      website: affiliateProfiles.website,
      country: affiliateProfiles.country,
      legalFormStatus: legalStateSql(),
      /** The latest submission ("view W9/W8 form" opens it); a newer one supersedes the older, so the highest id. */
      taxFormId: sql<number | null>`(select max(${taxForms.id}) from ${taxForms} where ${taxForms.affiliateId} = ${users.id})`,
      revsharePaused: affiliateProfiles.revsharePaused,
      termsAcceptedVersion: lastAcceptedTermsSql(users.id),
      balanceCents: balanceCentsSql(users.id),
      monthCents: earnedCentsSinceSql(users.id, month),
    })
    .from(users)
    .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, users.id))
    .leftJoin(tiers, eq(tiers.id, users.tierId))
    .leftJoin(managers, eq(managers.id, users.managerId))
    .where(and(...conditionsOf(q, viewer.scope, termsVersion), ...(only === undefined ? [] : [eq(users.id, only)])))
    .orderBy(...orderBy)
    .offset(paging.offset);
  return paging.limit === undefined ? await base : await base.limit(paging.limit);
}

type Row = Awaited<ReturnType<typeof rowsOf>>[number];

function toItem(r: Row): AffiliateListItem {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    is_active: r.isActive,
    status: r.status as AffiliateListItem['status'],
    created_at: r.createdAt.toISOString(),
    tier: r.tierId !== null && r.tierName !== null ? { id: r.tierId, name: r.tierName } : null,
    manager: r.managerId !== null && r.managerName !== null ? { id: r.managerId, name: r.managerName } : null,
    company: r.company ?? '',
    website: r.website ?? '',
    country: r.country ?? '',
    legal_form_status: r.legalFormStatus,
    tax_form_id: r.taxFormId === null ? null : Number(r.taxFormId),
    revshare_paused: r.revsharePaused ?? false,
    terms_accepted_version: r.termsAcceptedVersion ?? null,
    balance: Number(r.balanceCents) / 100,
    month_earnings: Number(r.monthCents) / 100,
  };
}

/** GET /v1/affiliates: one page (or all, `per_page=all`) of the filtered, sorted list, with the total. */
export async function listAffiliates(db: Db, q: Query, viewer: ListViewer): Promise<{ data: AffiliateListItem[]; meta: ListMeta }> {
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, users.id))
    .where(and(...conditionsOf(q, viewer.scope, await currentTermsVersion(db))));
  const n = total?.n ?? 0;
  const all = q.per_page === 'all';
  const perPage = all ? Math.max(n, 1) : (q.per_page as number);
  const page = all ? 1 : q.page;
  const rows = await rowsOf(db, q, viewer, all ? { offset: 0 } : { limit: perPage, offset: (page - 1) * perPage });
  return { data: rows.map(toItem), meta: { total: n, page, per_page: perPage } };
}

/** One affiliate as the list shows it. */
export async function getAffiliateItem(db: Db, id: number, viewer: ListViewer): Promise<AffiliateListItem | undefined> {
  const [row] = await rowsOf(db, { page: 1, per_page: 1 }, viewer, { limit: 1, offset: 0 }, id);
  return row ? toItem(row) : undefined;
}

const csvHeader = ['ID', 'Name', 'Email', 'Company', 'Website', 'Tier', 'Manager', 'Country', 'Signup date', 'Balance', "This month's earnings", 'Status', 'W9/W8', 'Revshare paused', 'Terms accepted'];

/** The CSV export: every row the filters select, in the list's order; formula-safe (contracts csv.ts). */
export async function affiliatesCsv(db: Db, q: Query, viewer: ListViewer): Promise<string> {
  const rows = (await rowsOf(db, q, viewer, { offset: 0 })).map(toItem);
  return toCsv(
    csvHeader,
    rows.map((r) => [
      r.id,
      r.name,
      r.email,
      r.company,
      r.website,
      r.tier?.name ?? '',
      r.manager?.name ?? '',
      r.country,
      r.created_at.slice(0, 10),
      r.balance.toFixed(2),
      r.month_earnings.toFixed(2),
      r.status,
      r.legal_form_status,
      r.revshare_paused ? 'yes' : 'no',
      r.terms_accepted_version ?? '',
    ]),
  );
}
