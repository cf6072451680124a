import { affiliateMessages, API_TOKEN_PREFIX, idText, type ApiTokenScope, clientPermissions, errorMessages, type Permission, permissions as allPermissions, profileMessages } from '@portal/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import { roles, sessions, users } from '../db/schema/index.ts';
import { verifyAccessToken } from '../lib/access-token.ts';
import { type Access, mayCall } from '../lib/access.ts';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../lib/errors.ts';
import { affiliateInScope, scopeOf } from '../lib/scope.ts';
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
  /** Set when the caller used a personal API token instead of a session: what it may do. */
  token?: { id: number; scopes: ReadonlySet<string> };
  /** A login-as session opened read-only: writes are refused (docs/affiliates.md). */
  readOnly: boolean;
  /** Staff whose role reaches only the affiliates assigned to them (never the owner). */
  assignedOnly: boolean;
}

/**
 * What checking a credential needs from the modules that keep it: plugins import no module, so
 * the auth module gives the session's touch and the profile module the personal API tokens'
 * lookup when they are registered (`provideCredentialCheck`).
 */
export interface CredentialChecks {
  /** The holder of a personal API token (`API_TOKEN_PREFIX`...), or undefined for no valid token. */
  apiToken: (db: Db, token: string) => Promise<AuthUser | undefined>;
  /** Notes that the session was just used. */
  touchSession: (db: Db, sessionId: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; undefined for anonymous requests. */
    auth: AuthUser | undefined;
  }
  interface FastifyInstance {
    /** Filled by the modules that keep credentials; one object shared by every plugin context. */
    credentialChecks: Partial<CredentialChecks>;
  }
}

/** Called by the module that keeps a kind of credential, from its plugin. */
export function provideCredentialCheck<K extends keyof CredentialChecks>(app: FastifyInstance, name: K, check: CredentialChecks[K]): void {
  app.credentialChecks[name] = check;
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
  if (token.startsWith(API_TOKEN_PREFIX)) return app.credentialChecks.apiToken?.(app.db, token);
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
      roleAssignedOnly: roles.assignedAffiliatesOnly,
      impersonatorId: sessions.impersonatorId,
      readOnly: sessions.readOnly,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.id, verified.claims.sid), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  if (!row || !row.isActive) return undefined;
  if (!row.isClient && !row.isOwner && row.roleActive === false) return undefined;
  // The owner never loses a permission, whatever becomes of their role.
  const permissions = new Set<string>(row.isClient ? clientPermissions : row.isOwner ? allPermissions : (row.rolePermissions ?? []));
  await app.credentialChecks.touchSession?.(app.db, verified.claims.sid);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isClient: row.isClient,
    isOwner: row.isOwner,
    permissions,
    sessionId: verified.claims.sid,
    impersonatorId: row.impersonatorId,
    readOnly: row.impersonatorId !== null && row.readOnly,
    assignedOnly: !row.isClient && !row.isOwner && row.roleAssignedOnly === true,
  };
}

export interface Requirement {
  /** 'client': affiliates only; 'staff': non-clients only. */
  role?: 'client' | 'staff';
  permission?: Permission;
  /** The owner only. */
  owner?: boolean;
  /**
   * The personal API token scope that may call this route. Without it no token is accepted
   * here: staff routes, the password and the tokens themselves need a signed-in session.
   */
  tokenScope?: ApiTokenScope;
}

/** A personal API token works only where the route names its scope, and only with that scope. */
function checkApiToken(auth: AuthUser, scope: ApiTokenScope | undefined): void {
  if (!auth.token) return;
  if (!scope) throw new ForbiddenError(profileMessages.tokenNotAllowed);
  if (!auth.token.scopes.has(scope)) throw new ForbiddenError(profileMessages.tokenScopeMissing);
}

/** What the OpenAPI document says a rule requires (the hook itself applies the rule). */
function requirementOf(access: Access): Requirement {
  switch (access.who) {
    case 'anyone':
    case 'signed-in':
      return {};
    case 'client':
      return { role: 'client' };
    case 'staff':
      return access.permissions.length === 1 ? { role: 'staff', permission: access.permissions[0] } : { role: 'staff' };
    case 'client-or-staff':
      return { permission: access.permission };
    case 'owner':
      return { role: 'staff', owner: true };
  }
}

/**
 * The route's guard: who may call it, said where the route is declared, in the words of
 * lib/access.ts (`staff('settings')`, `own(client)`, `ofAffiliate(staff('affiliates'))`,
 * `wholeNetwork(...)`, `clientOrStaff('statistics', networkFigures)`...): 401 without a valid
 * session, 403 for a caller the rule does not allow. `tokenScope` names the personal API token
 * scope that may call the route too.
 *
 * Adding a route: `onRequest: requireAccess(app, <rule>, { tokenScope? })` in its options. The
 * guard records the rule; `registerAuth`'s onRoute hook keys it by `METHOD /path/{param}` as the
 * OpenAPI document writes it (`declaredAccess(app)`), and apps/api/test/authorization.test.ts
 * fails for an operation of the document without one and tries the rule against the running app
 * for every kind of caller. A public route that reads no credential at all (sign-in, the
 * conversions' hot path) says `config: { access: anyone }` instead of a guard.
 */
export function requireAccess(app: FastifyInstance, access: Access, opts: { tokenScope?: ApiTokenScope } = {}): onRequestAsyncHookHandler {
  const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = request.auth ?? (await resolveAuth(app, request));
    // A public route answers a token's holder as anyone else.
    if ((!auth || auth.token) && access.who === 'anyone') return;
    if (!auth) throw new UnauthenticatedError();
    request.auth = auth;
    checkApiToken(auth, opts.tokenScope);
    if (!mayCall(access, auth)) throw new ForbiddenError();
    if (access.affiliate && auth.assignedOnly) await refuseOtherAffiliate(app, request, access.affiliate, auth);
    refuseSignInChange(auth, request);
    refuseReadOnlyWrite(auth, request);
  };
  if (access.who === 'anyone') return Object.assign(hook, { [accessKey]: access });
  const requirement: Requirement = { ...requirementOf(access), ...(opts.tokenScope ? { tokenScope: opts.tokenScope } : {}) };
  return Object.assign(hook, { [requirementKey]: requirement, [accessKey]: access });
}

const requirementKey = Symbol('auth requirement');
const accessKey = Symbol('access rule');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route without a guard: open to anyone, no credential read (`requireAccess` otherwise). */
    access?: { who: 'anyone' };
  }
}

/** What each route declared, by `METHOD /path/{param}`: filled as routes are added (the authorization test reads it). */
export interface DeclaredAccess {
  requirement: Requirement | undefined;
  /** Who may call the route: its guard's rule, or `anyone` from its config; undefined when it declares none. */
  access: Access | undefined;
}
const declaredByApp = new WeakMap<FastifyInstance, Map<string, DeclaredAccess>>();

export function declaredAccess(app: FastifyInstance): ReadonlyMap<string, DeclaredAccess> {
  return declaredByApp.get(app) ?? new Map();
}

/** The rule of a route's guard and of its config: one, never both. */
function accessOfRoute(url: string, onRequest: unknown, config: { access?: Access } | undefined): Access | undefined {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  const rules = hooks.map((hook) => (hook as { [accessKey]?: Access })[accessKey]).filter((rule) => rule !== undefined);
  if (config?.access) rules.push(config.access);
  if (rules.length > 1) throw new Error(`route ${url} declares who may call it more than once`);
  return rules[0];
}

/**
 * A manager limited to assigned affiliates names another affiliate in the path: 404, as for an
 * affiliate that does not exist (a malformed id is left to the route's validation).
 */
async function refuseOtherAffiliate(app: FastifyInstance, request: FastifyRequest, param: string, auth: AuthUser): Promise<void> {
  // The path's own rule for an id: whatever the route would accept is checked here.
  const parsed = idText().safeParse((request.params as Record<string, unknown>)[param]);
  if (!parsed.success) return;
  if (!(await affiliateInScope(app.db, scopeOf(auth), parsed.data))) throw new NotFoundError(affiliateMessages.notFound);
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes a read-only login-as session may still make: leaving it. */
const readOnlyMayCall = new Set(['POST /v1/authentication/logout']);

/**
 * How the affiliate signs in stays theirs: a login-as session (read-only or with changes) cannot
 * create a personal API token (it would outlive the session), change the password or turn two-step
 * sign-in on or off. The email cannot be changed by the affiliate at all.
 */
const signInSettings = new Set(['POST /v1/user/api-tokens', 'POST /v1/user/password', 'PUT /v1/user/two-step']);

function refuseSignInChange(auth: AuthUser, request: FastifyRequest): void {
  if (auth.impersonatorId !== null && signInSettings.has(`${request.method} ${request.routeOptions.url}`)) {
    throw new ForbiddenError(profileMessages.notInLoginAs);
  }
}

/** A read-only login-as session reads only: any write is refused with a message saying why. */
function refuseReadOnlyWrite(auth: AuthUser, request: FastifyRequest): void {
  if (auth.readOnly && !readMethods.has(request.method) && !readOnlyMayCall.has(`${request.method} ${request.routeOptions.url}`)) {
    throw new ForbiddenError(affiliateMessages.readOnlySession);
  }
}

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
  app.decorate('credentialChecks', {});
  const declared = new Map<string, DeclaredAccess>();
  declaredByApp.set(app, declared);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const access = accessOfRoute(route.url, route.onRequest, route.config);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      declared.set(`${method} ${path}`, { requirement: routeRequirement(route.onRequest), access });
    }
  });
}

export function sendUnauthenticated(reply: FastifyReply): FastifyReply {
  return sendError(reply, { error_code: 'unauthenticated', message: errorMessages.unauthenticated });
}
