import { clientPermissions, errorMessages, type Permission } from '@portal/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { roles, sessions, users } from '../db/schema/index.ts';
import { verifyAccessToken } from '../lib/access-token.ts';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import { sendError } from './errors.ts';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  isClient: boolean;
  isOwner: boolean;
  permissions: ReadonlySet<string>;
  sessionId: string;
  impersonatorId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; undefined for anonymous requests. */
    auth: AuthUser | undefined;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Reads the access token and loads who is calling. A valid signature is not enough: the session
 * must still be open and the user active, so logout and revocation take effect at once.
 */
export async function resolveAuth(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | undefined> {
  const token = bearer(request);
  if (!token) return undefined;
  const verified = await verifyAccessToken(app.config.jwtSecret, token);
  if (!verified.ok) return undefined;
  const userId = Number(verified.claims.sub);
  if (!Number.isInteger(userId)) return undefined;
  const [row] = await app.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isClient: users.isClient,
      isOwner: users.isOwner,
      isActive: users.isActive,
      rolePermissions: roles.permissions,
      roleActive: roles.isActive,
      impersonatorId: sessions.impersonatorId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.id, verified.claims.sid), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  if (!row || !row.isActive) return undefined;
  if (!row.isClient && row.roleActive === false) return undefined;
  const permissions = new Set<string>(row.isClient ? clientPermissions : (row.rolePermissions ?? []));
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isClient: row.isClient,
    isOwner: row.isOwner,
    permissions,
    sessionId: verified.claims.sid,
    impersonatorId: row.impersonatorId,
  };
}

export interface Requirement {
  /** 'client': affiliates only; 'staff': non-clients only. */
  role?: 'client' | 'staff';
  permission?: Permission;
}

/** An onRequest hook (before the body is even read): 401 without a valid session, 403 when the role or permission does not match. */
export function requireAuth(app: FastifyInstance, req: Requirement = {}): onRequestAsyncHookHandler {
  const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = request.auth ?? (await resolveAuth(app, request));
    if (!auth) throw new UnauthenticatedError();
    request.auth = auth;
    if (req.role === 'client' && !auth.isClient) throw new ForbiddenError();
    if (req.role === 'staff' && auth.isClient) throw new ForbiddenError();
    if (req.permission && !auth.permissions.has(req.permission)) throw new ForbiddenError();
  };
  // The OpenAPI document reads what a route requires from its hook, so no route declares it twice.
  return Object.assign(hook, { [requirementKey]: req });
}

const requirementKey = Symbol('auth requirement');

/** What the route's onRequest hooks require of the caller, or undefined for a route open to anyone. */
export function routeRequirement(onRequest: unknown): Requirement | undefined {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  for (const hook of hooks) {
    const req = (hook as { [requirementKey]?: Requirement })[requirementKey];
    if (req) return req;
  }
  return undefined;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', undefined);
}

export function sendUnauthenticated(reply: FastifyReply): FastifyReply {
  return sendError(reply, { error_code: 'unauthenticated', message: errorMessages.unauthenticated });
}
