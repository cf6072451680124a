import { authMessages, type TokenPair } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { limits } from '../../lib/rate-limiter.ts';
import { consumeToken, findLiveToken, issueToken } from './one-time-tokens.ts';
import { assertMayEnter, type AuthDeps, type RequestContext } from './service.ts';
import { startSession } from './sessions.ts';

/**
 * Signing in by a one-time code rather than a password: the emailed auto-login link and the social
 * sign-in callback (`login_code`), and staff acting as an affiliate (`login_as`).
 */

/** A one-time code for an emailed auto-login link (`?lac=` / `?lbc=`) or the social sign-in callback. */
export function createLoginCode(db: Db, userId: number, ttlMs?: number): Promise<string> {
  return issueToken(db, 'login_code', { userId, ...(ttlMs ? { ttlMs } : {}) });
}

/** POST /v1/authentication/login-by-code. */
export async function loginByCode(deps: AuthDeps, code: string, ctx: RequestContext): Promise<TokenPair> {
  await deps.limiter.hit(`code:ip:${ctx.ip}`, limits.codePerIp, limits.windowMs);
  const row = await findLiveToken(deps.db, 'login_code', code);
  if (!row?.userId) throw new AppError('code_invalid', authMessages.codeInvalid);
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw new AppError('code_invalid', authMessages.codeInvalid);
  if (!user.isActive) throw new AppError('user_inactive', authMessages.userInactive);
  if (!(await consumeToken(deps.db, 'login_code', code))) throw new AppError('code_invalid', authMessages.codeInvalid);
  await assertMayEnter(deps, user);
  const { tokens } = await startSession(deps.db, deps.config, user.id, ctx);
  await recordEvent(deps.db, 'user.login', { actorId: user.id, subjectId: user.id, ip: ctx.ip, data: { by: 'code' } });
  return tokens;
}

/**
 * Staff with the affiliates permission: a short-lived, single-use code to act as an affiliate. The
 * session it opens is read-only unless staff chose "with changes"; the reason goes with it.
 */
export async function createLoginAsCode(
  deps: AuthDeps,
  staffId: number,
  affiliateId: number,
  how: { reason: string; withChanges: boolean } = { reason: '', withChanges: false },
): Promise<{ code: string; expiresIn: number }> {
  const [affiliate] = await deps.db.select().from(users).where(eq(users.id, affiliateId));
  if (!affiliate?.isClient) throw new NotFoundError('Affiliate not found.');
  if (!affiliate.isActive) throw new AppError('user_inactive', authMessages.userInactive);
  const ttlMs = 2 * 60_000;
  const code = await issueToken(deps.db, 'login_as', {
    userId: affiliateId,
    data: { impersonator_id: staffId, reason: how.reason, with_changes: how.withChanges },
    ttlMs,
  });
  return { code, expiresIn: ttlMs / 1000 };
}

/** POST /v1/authentication/login-as-user: the code becomes a marked, one-hour affiliate session. */
export async function loginAsUser(deps: AuthDeps, code: string, ctx: RequestContext): Promise<TokenPair> {
  await deps.limiter.hit(`login-as:ip:${ctx.ip}`, limits.codePerIp, limits.windowMs);
  const row = await consumeToken(deps.db, 'login_as', code);
  const data = (row?.data ?? {}) as { impersonator_id?: number; reason?: string; with_changes?: boolean };
  const impersonatorId = Number(data.impersonator_id);
  if (!row?.userId || !Number.isInteger(impersonatorId)) throw new AppError('code_invalid', authMessages.codeInvalid);
  const [staff] = await deps.db.select().from(users).where(eq(users.id, impersonatorId));
  if (!staff?.isActive || staff.isClient) throw new ForbiddenError();
  const readOnly = data.with_changes !== true;
  const reason = typeof data.reason === 'string' ? data.reason : '';
  const { tokens, sessionId } = await startSession(deps.db, deps.config, row.userId, ctx, impersonatorId, { readOnly, reason });
  await recordEvent(deps.db, 'user.login_as', {
    actorId: impersonatorId,
    subjectId: row.userId,
    ip: ctx.ip,
    data: { session_id: sessionId, reason, with_changes: !readOnly },
  });
  return tokens;
}
