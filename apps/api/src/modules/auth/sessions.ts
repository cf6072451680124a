import type { TokenPair } from '@portal/contracts';
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import { createHmac } from 'node:crypto';
import { randomToken, sha256 } from '../../lib/secrets.ts';

/** A normal session lasts 30 days from sign-in; a login-as session one hour and is never extended. */
export const SESSION_TTL_MS = 30 * 24 * 3600_000;
export const IMPERSONATION_TTL_MS = 3600_000;

export interface SessionContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * How long a rotated refresh token may be presented again and get the same new pair: a client
 * retrying after a lost reply, or two tabs refreshing at once. Later, a reuse revokes the session.
 */
export const REFRESH_GRACE_MS = 10_000;

/**
 * The refresh token that replaces `previous`: derived from it with the signing secret (which every
 * instance shares), so a repeat within the grace interval can answer the same pair while the
 * database keeps only hashes. A first token (sign-in) is random.
 */
function successorOf(config: AppConfig, previous: string): string {
  return createHmac('sha256', config.jwtSecret).update(`refresh-successor:${previous}`).digest('base64url');
}

function accessFor(config: AppConfig, userId: number, sessionId: string, impersonated: boolean, issuedAt: number): Promise<string> {
  return signAccessToken(config.jwtSecret, { sub: String(userId), sid: sessionId, imp: impersonated }, config.accessTokenTtl, issuedAt);
}

async function pairFor(db: Db, config: AppConfig, userId: number, sessionId: string, impersonated: boolean, refresh = randomToken()): Promise<TokenPair> {
  // The access token is signed at the refresh token's creation time, so it can be signed again identically.
  const now = new Date();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: sha256(refresh), createdAt: now });
  return { token_type: 'Bearer', access_token: await accessFor(config, userId, sessionId, impersonated, now.getTime()), refresh_token: refresh };
}

export async function startSession(
  db: Db,
  config: AppConfig,
  userId: number,
  ctx: SessionContext,
  impersonatorId: number | null = null,
  loginAs: { readOnly: boolean; reason: string } = { readOnly: false, reason: '' },
): Promise<{ sessionId: string; tokens: TokenPair }> {
  const ttl = impersonatorId ? IMPERSONATION_TTL_MS : SESSION_TTL_MS;
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      impersonatorId,
      readOnly: impersonatorId !== null && loginAs.readOnly,
      loginAsReason: impersonatorId !== null ? loginAs.reason.slice(0, 500) : null,
      ip: ctx.ip ?? null,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      expiresAt: new Date(Date.now() + ttl),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  return { sessionId: session.id, tokens: await pairFor(db, config, userId, session.id, impersonatorId !== null) };
}

export type RefreshOutcome =
  | { ok: true; tokens: TokenPair; userId: number }
  | { ok: false; reason: 'unknown' | 'reused' | 'ended'; userId?: number; sessionId?: string };

/**
 * Rotates a refresh token. A token is good once: presenting a rotated one means it leaked, so
 * the whole session (every token of the family) is revoked. One exception: within
 * REFRESH_GRACE_MS of its rotation, while its successor is still unused, the same token answers
 * the same new pair again (a retry after a lost reply, two requests at once).
 */
export async function rotateRefreshToken(db: Db, config: AppConfig, refreshToken: string): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        impersonatorId: sessions.impersonatorId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt || row.expiresAt <= new Date()) return { ok: false, reason: 'ended', userId: row.userId, sessionId: row.sessionId };
    const successor = successorOf(config, refreshToken);
    // Claim the token; only one concurrent refresh can win it.
    const claimed = row.usedAt
      ? []
      : await tx
          .update(refreshTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
    if (claimed.length === 1) return { ok: true, userId: row.userId, tokens: await pairFor(tx, config, row.userId, row.sessionId, row.impersonatorId !== null, successor) };
    // Rotated already: a repeat within the grace interval gets the same pair, anything else revokes the session.
    const usedAt = row.usedAt ?? new Date();
    const repeat = usedAt.getTime() > Date.now() - REFRESH_GRACE_MS ? await unusedToken(tx, row.sessionId, successor) : undefined;
    if (repeat) {
      const access = await accessFor(config, row.userId, row.sessionId, row.impersonatorId !== null, repeat.createdAt.getTime());
      return { ok: true, userId: row.userId, tokens: { token_type: 'Bearer', access_token: access, refresh_token: successor } };
    }
    await tx.update(sessions).set({ revokedAt: new Date(), revokedReason: 'refresh_reuse' }).where(eq(sessions.id, row.sessionId));
    return { ok: false, reason: 'reused', userId: row.userId, sessionId: row.sessionId };
  });
}

/** The session's token with this value, if it has not been rotated itself. */
async function unusedToken(db: Db, sessionId: string, token: string): Promise<{ createdAt: Date } | undefined> {
  const [found] = await db
    .select({ createdAt: refreshTokens.createdAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.tokenHash, sha256(token)), isNull(refreshTokens.usedAt)));
  return found;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
}

/** How stale "last seen" may get before a request writes it again: one write per session every few minutes, not one per call. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(Date.now() - LAST_SEEN_EVERY_MS))));
}

/** A user's open sessions, most recently seen first. */
export async function listSessions(db: Db, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one of the user's own sessions; false when there is no such open session of theirs. */
export async function revokeOwnSession(db: Db, userId: number, sessionId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user but the one making the request. */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: string, reason: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return rows.length;
}
