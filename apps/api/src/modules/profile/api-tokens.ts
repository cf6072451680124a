import { API_TOKEN_PREFIX, type ApiToken, type ApiTokenScope, type apiTokenInputSchema, clientPermissions } from '@portal/contracts';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { AuthUser } from '../../plugins/auth.ts';

/** How stale "last used" may get before a call writes it again. */
const LAST_USED_EVERY_MS = 60_000;
/** An affiliate's tokens are few by nature; a cap keeps a script from minting thousands. */
export const API_TOKENS_MAX = 20;

type TokenRow = typeof apiTokens.$inferSelect;

function describe(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(db: Db, userId: number): Promise<ApiToken[]> {
  const rows = await db.select().from(apiTokens).where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt))).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(describe);
}

/** Creates a token and answers it once; only its hash is kept. */
export async function createApiToken(db: Db, userId: number, input: z.output<typeof apiTokenInputSchema>): Promise<ApiToken & { token: string }> {
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  const [row] = await db
    .insert(apiTokens)
    .values({ userId, name: input.name, scopes: [...new Set(input.scopes)], tokenHash: sha256(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) })
    .returning();
  if (!row) throw new Error('api token insert returned nothing');
  return { ...describe(row), token };
}

export async function countApiTokens(db: Db, userId: number): Promise<number> {
  return (await listApiTokens(db, userId)).length;
}

export async function revokeApiToken(db: Db, userId: number, tokenId: number): Promise<void> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!rows.length) throw new NotFoundError();
}

/**
 * The caller behind a personal API token: an active affiliate, with the token's scopes. Which
 * routes take a token, and with which scope, is for each route's `requireAccess` to say.
 */
export async function authenticateApiToken(db: Db, token: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({ id: apiTokens.id, scopes: apiTokens.scopes, lastUsedAt: apiTokens.lastUsedAt, user: { id: users.id, email: users.email, name: users.name, isClient: users.isClient, isActive: users.isActive } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt)));
  if (!row || !row.user.isActive || !row.user.isClient) return undefined;
  const staleBefore = new Date(Date.now() - LAST_USED_EVERY_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
  }
  return {
    id: row.user.id,
    email: row.user.email,
    name: row.user.name,
    isClient: true,
    isOwner: false,
    permissions: new Set<string>(clientPermissions),
    sessionId: '',
    impersonatorId: null,
    readOnly: false,
    assignedOnly: false,
    token: { id: row.id, scopes: new Set(row.scopes) },
  };
}
