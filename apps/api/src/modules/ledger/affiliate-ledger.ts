import { type AffiliateLedgerQuery, type LedgerEntry, ledgerMessages, type ListMeta, listMeta, pageWindow } from '@portal/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { toEntry } from './entries.ts';

/** Staff read or change one affiliate's money (docs/money.md, Staff views): the id must be an affiliate's, else 404. */
export async function requireAffiliate(db: Db, affiliateId: number): Promise<void> {
  const [affiliate] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, affiliateId), eq(users.isClient, true)));
  if (!affiliate) throw new NotFoundError(ledgerMessages.notAnAffiliate);
}

/** GET /v1/affiliates/{id}/ledger: the affiliate's ledger rows, newest first, with the staff user who wrote each one. */
export async function affiliateLedger(db: Db, affiliateId: number, query: AffiliateLedgerQuery): Promise<{ data: LedgerEntry[]; meta: ListMeta }> {
  await requireAffiliate(db, affiliateId);
  const author = alias(users, 'author');
  const { limit, offset } = pageWindow(query);
  const rows = db
    .select({ row: ledgerEntries, authorId: author.id, authorName: author.name })
    .from(ledgerEntries)
    .leftJoin(author, eq(author.id, ledgerEntries.createdBy))
    .where(eq(ledgerEntries.affiliateId, affiliateId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .$dynamic();
  if (limit !== undefined) rows.limit(limit).offset(offset);
  const [list, [total]] = await Promise.all([
    rows,
    db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.affiliateId, affiliateId)),
  ]);
  return {
    data: list.map((r) => toEntry(r.row, r.authorId === null ? null : { id: r.authorId, name: r.authorName ?? '' })),
    meta: listMeta(query, Number(total?.n ?? 0)),
  };
}
