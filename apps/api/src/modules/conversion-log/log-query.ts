import { type ConversionLogRow, type conversionLogQuerySchema, type ConversionType, formatMinorAmount, type ListMeta, listMeta, pageWindow, validationMessages } from '@portal/contracts';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { billerAccounts, clicks, conversions, ledgerEntries, offers, sites, users } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { ordered } from '../../lib/list.ts';
import { isStaffScope, type Scope, scopeCondition } from '../../lib/scope.ts';
import { appealsOf, awaitsRate, wouldEarnCents } from '../fraud/index.ts';

type Query = z.output<typeof conversionLogQuerySchema>;
const subKeys = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

/** The sale a refund or chargeback took back. */
const original = alias(conversions, 'original');

/**
 * The click of an attributed conversion: by its time and id, so only that day's partition is read,
 * and of the same affiliate (an orphaned conversion shows no other affiliate's click).
 */
const clickJoin = and(eq(clicks.createdAt, conversions.clickedAt), eq(clicks.cid, conversions.cid), eq(clicks.affiliateId, conversions.affiliateId));

/**
 * Cents: the affiliate's ledger rows naming the conversion (its earning, a refund's reversal on the
 * refund's row, a staff reversal on the sale's), each counted once: a sale refunded in full shows
 * its earning and its refund the same taken back, so the two add up to nothing and a day's rows add
 * up to the day's earnings in the statistics. A referrer's commission is theirs, not this.
 */
const earningCents = sql<string>`(
  select coalesce(sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries}
    where ${ledgerEntries.conversionId} = ${conversions.id} and ${ledgerEntries.affiliateId} = ${conversions.affiliateId})`;

const sortColumns = { time: conversions.createdAt, id: conversions.id, amount: conversions.amountCents, earning: earningCents } as const;

function filters(q: Query, scope: Scope): SQL | undefined {
  // The day index first: every screen asks for a range of days.
  const where: SQL[] = [];
  if (q.from) where.push(gte(conversions.day, q.from));
  if (q.to) where.push(lte(conversions.day, q.to));
  // An affiliate's own id, always: an affiliate_id they send is ignored.
  const scoped = scopeCondition(scope, conversions.affiliateId);
  if (scoped) where.push(scoped);
  if (scope.kind !== 'affiliate' && q.affiliate_id !== undefined) where.push(eq(conversions.affiliateId, q.affiliate_id));
  if (q.status) where.push(eq(conversions.status, q.status));
  if (q.type) where.push(eq(conversions.type, q.type));
  if (q.site_id) where.push(eq(conversions.siteId, q.site_id));
  if (q.offer_id) where.push(eq(conversions.offerId, q.offer_id));
  for (const k of subKeys) {
    const v = q[k];
    if (v !== undefined) where.push(eq(clicks[k], v));
  }
  return and(...where);
}

const columns = {
  id: conversions.id,
  createdAt: conversions.createdAt,
  day: conversions.day,
  transactionId: conversions.transactionId,
  siteId: conversions.siteId,
  siteName: sites.displayName,
  offerId: conversions.offerId,
  offerName: offers.name,
  affiliateId: conversions.affiliateId,
  affiliateName: users.name,
  affiliateEmail: users.email,
  type: conversions.type,
  amountMinor: conversions.amountMinor,
  currency: conversions.currency,
  amountCents: conversions.amountCents,
  usdRate: conversions.usdRate,
  earningCents,
  status: conversions.status,
  reason: conversions.reason,
  cid: conversions.cid,
  sub1: clicks.sub1,
  sub2: clicks.sub2,
  sub3: clicks.sub3,
  sub4: clicks.sub4,
  sub5: clicks.sub5,
  country: clicks.country,
  device: clicks.device,
  reversesId: original.id,
  reversesTransactionId: original.transactionId,
  fraudAction: conversions.fraudAction,
  reviewedAt: conversions.reviewedAt,
  fraudReason: conversions.fraudReason,
  biller: billerAccounts.biller,
  billerEvent: conversions.billerEvent,
};

type Row = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;

function toRow(r: Row, scope: Scope): ConversionLogRow {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(r.id),
    time: (r.createdAt as Date).toISOString(),
    day: String(r.day),
    transaction_id: String(r.transactionId),
    site: { id: Number(r.siteId), name: String(r.siteName ?? '') },
    offer: r.offerId === null ? null : { id: Number(r.offerId), name: String(r.offerName ?? '') },
    ...(isStaffScope(scope)
      ? { affiliate: r.affiliateId === null ? null : { id: Number(r.affiliateId), name: String(r.affiliateName ?? ''), email: String(r.affiliateEmail ?? '') } }
      : {}),
    type: r.type as ConversionLogRow['type'],
    amount: formatMinorAmount(Number(r.amountMinor), String(r.currency)),
    currency: String(r.currency),
    usd_amount: r.usdRate === null ? null : Number(r.amountCents) / 100,
    earning: Number(r.earningCents) / 100,
    status: r.status as ConversionLogRow['status'],
    reason: text(r.reason),
    cid: text(r.cid),
    sub1: text(r.sub1),
    sub2: text(r.sub2),
    sub3: text(r.sub3),
    sub4: text(r.sub4),
    sub5: text(r.sub5),
    country: text(r.country)?.trim() || null,
    device: (text(r.device) as ConversionLogRow['device']) ?? null,
    reverses: r.reversesId === null ? null : { id: Number(r.reversesId), transaction_id: String(r.reversesTransactionId) },
    flag: r.fraudAction === 'flag' ? text(r.fraudReason) : null,
    appeal: null,
    ...(awaitsRate({ status: String(r.status), fraudAction: text(r.fraudAction), reviewedAt: (r.reviewedAt as Date | null) ?? null }) ? { awaiting_rate: true } : {}),
    biller: (text(r.biller) as ConversionLogRow['biller']) ?? null,
    biller_event: text(r.billerEvent),
  };
}

/**
 * The conversion log: every stored conversion with what it earned and the click it came from,
 * newest first, a page at a time. An affiliate's scope is a condition of the query itself.
 */
export async function listConversionLog(db: Db, scope: Scope, q: Query): Promise<{ data: ConversionLogRow[]; meta: ListMeta }> {
  // SPEC.md section 5's message on both fields, as the statistics report answers it.
  if (q.from && q.to && q.from > q.to) throw new ValidationError({ from: [validationMessages.invalid], to: [validationMessages.invalid] });
  const where = filters(q, scope);
  const bySub = subKeys.some((k) => q[k] !== undefined);
  const { limit, offset } = pageWindow(q);
  const page = db
    .select(columns)
    .from(conversions)
    .innerJoin(sites, eq(sites.id, conversions.siteId))
    .leftJoin(offers, eq(offers.id, conversions.offerId))
    .leftJoin(users, eq(users.id, conversions.affiliateId))
    .leftJoin(clicks, clickJoin)
    .leftJoin(original, eq(original.id, conversions.reversesConversionId))
    .leftJoin(billerAccounts, eq(billerAccounts.id, conversions.billerAccountId))
    .where(where)
    .orderBy(ordered(sortColumns[q.sort], q.order), q.order === 'asc' ? asc(conversions.id) : desc(conversions.id))
    .$dynamic();
  if (limit !== undefined) page.limit(limit).offset(offset);
  const total = db.select({ n: count() }).from(conversions).$dynamic();
  if (bySub) total.innerJoin(clicks, clickJoin);
  const [rows, [counted]] = await Promise.all([page, total.where(where)]);
  const data = rows.map((r) => toRow(r as Row, scope));
  const appeals = await appealsOf(db, data.filter((r) => r.status === 'held' || r.status === 'rejected').map((r) => r.id));
  for (const row of data) row.appeal = appeals.get(row.id) ?? null;
  // A held row says what it would earn once paid (its price known: not while it waits for a rate).
  const held = rows.filter((r) => r.status === 'held' && r.usdRate !== null && r.offerId !== null && r.affiliateId !== null);
  const would = await wouldEarnCents(db, held.map((r) => ({ id: Number(r.id), offerId: Number(r.offerId), affiliateId: Number(r.affiliateId), type: r.type as ConversionType, amountCents: Number(r.amountCents) })));
  for (const row of data) if (would.has(row.id)) row.would_earn = would.get(row.id)! / 100;
  return { data, meta: listMeta(q, counted?.n ?? 0) };
}
