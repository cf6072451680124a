import { SHIPPED_TERMS_VERSION, type TermsAcceptance, type TermsSettings, type TermsSource, type TermsState } from '@portal/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { termsAcceptances, users } from '../../db/schema/index.ts';
import { getSetting, putSetting } from '../settings/index.ts';

/** The `settings` key of the version in force and the note of what changed. */
const TERMS_SETTING = 'terms';

interface StoredTerms {
  version?: unknown;
  changes?: unknown;
}

async function stored(db: Db): Promise<{ version: string; changes: string }> {
  const value = await getSetting<StoredTerms>(db, TERMS_SETTING, {});
  return {
    version: typeof value.version === 'string' && value.version ? value.version : SHIPPED_TERMS_VERSION,
    changes: typeof value.changes === 'string' ? value.changes : '',
  };
}

/** The version in force: when staff last published the terms, or the shipped terms' date. */
export async function currentTermsVersion(db: Db): Promise<string> {
  return (await stored(db)).version;
}

/** Records one acceptance of the version in force (pass the sign-up's transaction to keep both or neither). */
export async function recordTermsAcceptance(db: Db, userId: number, source: TermsSource, ip: string, version?: string): Promise<void> {
  await db.insert(termsAcceptances).values({ userId, version: version ?? (await currentTermsVersion(db)), ip: ip.slice(0, 64), source });
}

/** A user's standing: staff accept nothing, so they are never asked. */
export async function termsStateOf(db: Db, userId: number, isClient: boolean): Promise<TermsState> {
  const version = await currentTermsVersion(db);
  const [last] = await db
    .select({ version: termsAcceptances.version, acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.userId, userId))
    .orderBy(desc(termsAcceptances.acceptedAt), desc(termsAcceptances.id))
    .limit(1);
  return { version, accepted_version: last?.version ?? null, accepted_at: last?.acceptedAt.toISOString() ?? null, must_accept: isClient && last?.version !== version };
}

/** Every acceptance of one affiliate, newest first (what staff read on Affiliate Details). */
export async function termsAcceptancesOf(db: Db, userId: number): Promise<TermsAcceptance[]> {
  const rows = await db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId)).orderBy(desc(termsAcceptances.acceptedAt), desc(termsAcceptances.id));
  return rows.map((r) => ({ version: r.version, accepted_at: r.acceptedAt.toISOString(), ip: r.ip, source: r.source as TermsSource }));
}

/** SQL: whether the affiliate `userId` accepted `version` (the affiliates list's filter). */
export function acceptedTermsSql(userId: SQL | typeof users.id, version: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${termsAcceptances} where ${termsAcceptances.userId} = ${userId} and ${termsAcceptances.version} = ${version})`;
}

/** SQL: the version the affiliate `userId` accepted last, or null. */
export function lastAcceptedTermsSql(userId: SQL | typeof users.id): SQL<string | null> {
  return sql<string | null>`(select ${termsAcceptances.version} from ${termsAcceptances} where ${termsAcceptances.userId} = ${userId} order by ${termsAcceptances.acceptedAt} desc, ${termsAcceptances.id} desc limit 1)`;
}

/** Global Settings, Terms of Service: the version in force, what changed, and how many active affiliates accepted it. */
export async function getTermsSettings(db: Db): Promise<TermsSettings> {
  const { version, changes } = await stored(db);
  const active = and(eq(users.isClient, true), eq(users.isActive, true));
  const [all] = await db.select({ n: count() }).from(users).where(active);
  const [accepted] = await db.select({ n: count() }).from(users).where(and(active, acceptedTermsSql(users.id, version)));
  return { version, changes, affiliates: all?.n ?? 0, accepted_current: accepted?.n ?? 0 };
}

/** Publishing: the version becomes now, so every affiliate is asked to accept again. */
export async function publishTerms(db: Db, changes: string): Promise<void> {
  const previous = await currentTermsVersion(db);
  // Versions sort as times: a second publish within the same millisecond still comes after.
  const now = new Date();
  const version = now.toISOString() > previous ? now.toISOString() : new Date(Date.parse(previous) + 1).toISOString();
  await putSetting(db, TERMS_SETTING, { version, changes });
}

/** The demo's affiliates accepted the terms in force when they joined (seed only). */
export async function acceptForAll(db: Db, userIds: number[], at: (id: number) => Date): Promise<void> {
  if (!userIds.length) return;
  const version = await currentTermsVersion(db);
  const have = new Set((await db.select({ id: termsAcceptances.userId }).from(termsAcceptances).where(inArray(termsAcceptances.userId, userIds))).map((r) => r.id));
  const rows = userIds.filter((id) => !have.has(id)).map((id) => ({ userId: id, version, acceptedAt: at(id), ip: '', source: 'sign_up' }));
  if (rows.length) await db.insert(termsAcceptances).values(rows);
}
