import { errorMessages, idText } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import { scopeCondition, scopeOf } from './scope.ts';

/** `?user_id=`: staff with `affiliates` act on that affiliate's profile (Affiliate Details). */
export const targetQuery = z.object({ user_id: idText().optional() });

/**
 * Whose profile a request acts on: the caller's own, or for staff with `affiliates` the
 * affiliate named by `user_id`. An affiliate naming anyone else gets 404 (nothing says the
 * account exists), and so does a manager limited to assigned affiliates naming another's;
 * staff without `affiliates` get 403.
 */
export async function targetUserId(db: Db, request: FastifyRequest, userId: number | undefined): Promise<number> {
  const caller = request.auth!;
  if (userId === undefined || userId === caller.id) return caller.id;
  if (caller.isClient) throw new NotFoundError();
  if (!caller.permissions.has('affiliates')) throw new ForbiddenError(errorMessages.forbidden);
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.isClient, true), scopeCondition(scopeOf(caller), users.id)));
  if (!row) throw new NotFoundError();
  return row.id;
}
