import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

export type TokenPurpose = 'activation' | 'password_reset' | 'login_code' | 'login_as' | 'two_step' | 'oauth_state';

/** How long each kind of single-use secret lives. */
export const tokenTtlMs: Record<TokenPurpose, number> = {
  activation: 7 * 24 * 3600_000,
  password_reset: 3600_000,
  login_code: 72 * 3600_000,
  login_as: 2 * 60_000,
  two_step: 10 * 60_000,
  oauth_state: 10 * 60_000,
};

export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  opts: { userId?: number | null; codeHash?: string; data?: Record<string, unknown>; ttlMs?: number; token?: string } = {},
): Promise<string> {
  const token = opts.token ?? randomToken();
  await db.insert(oneTimeTokens).values({
    purpose,
    tokenHash: sha256(token),
    userId: opts.userId ?? null,
    codeHash: opts.codeHash ?? null,
    data: opts.data ?? {},
    expiresAt: new Date(Date.now() + (opts.ttlMs ?? tokenTtlMs[purpose])),
  });
  return token;
}

export type TokenRow = typeof oneTimeTokens.$inferSelect;

/** The row of this token and purpose while it is live: unused and unexpired. */
const live = (purpose: TokenPurpose, token: string) =>
  and(eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date()));

/** Finds a live (unused, unexpired) token of that purpose without using it. */
export async function findLiveToken(db: Db, purpose: TokenPurpose, token: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(live(purpose, token));
  return row;
}

/**
 * Uses a token once: the update only matches while it is unused, so two concurrent requests
 * cannot both succeed.
 */
export async function consumeToken(db: Db, purpose: TokenPurpose, token: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(live(purpose, token))
    .returning();
  return row;
}

export async function countAttempt(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(eq(oneTimeTokens.id, id))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? 0;
}

export async function expireToken(db: Db, id: number): Promise<void> {
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, id));
}

/** Ends every live token of a purpose for a user (a new reset link makes older ones void). */
export async function voidTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
