/**
 * Every PostgreSQL advisory lock key the app takes, in one list so two uses can never share a
 * number by accident. Any fixed numbers do: they only have to be the same for every instance on
 * the same database.
 */

/** Migrations at start (session lock on a connection of its own, db/client.ts). */
export const MIGRATION_LOCK_KEY = 727_001;
/** The first start's owner: instances started at once on an empty database seed one owner (seed/owner.ts). */
export const FIRST_START_LOCK_KEY = 727_002;
/** The rest of the start-up work that one instance at a time does (db/client.ts `exclusive`). */
export const STARTUP_LOCK_KEY = 727_003;
/** Every action that writes payouts or their ledger rows: the period close alone, the others shared (payouts/close.ts). */
export const PAYOUTS_LOCK_KEY = 727_012;
/** One merge of the click rollup journal at a time across instances (clicks/rollup-journal.ts). */
export const JOURNAL_MERGE_LOCK_KEY = 727_017;
