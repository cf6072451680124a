import type { LedgerKind } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { statsDay } from '../tracking/index.ts';

/**
 * The ledger's one door: every module that moves money appends rows here (with `db` or a
 * transaction); balances are read in `balance.ts`. Rows are never changed (the database refuses it).
 */
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'day' | 'createdAt'> & { kind: LedgerKind; createdAt?: Date };
export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** Appends rows in one statement; answers them with their ids, in the order given. */
export async function appendEntries(db: Db, rows: readonly NewLedgerEntry[]): Promise<LedgerRow[]> {
  if (!rows.length) return [];
  const now = new Date();
  return db
    .insert(ledgerEntries)
    .values(rows.map((r) => ({ ...r, createdAt: r.createdAt ?? now, day: statsDay(r.createdAt ?? now) })))
    .returning();
}

export async function appendEntry(db: Db, row: NewLedgerEntry): Promise<LedgerRow> {
  const [written] = await appendEntries(db, [row]);
  return written!;
}
