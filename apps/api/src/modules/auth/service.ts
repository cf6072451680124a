import {
  authMessages,
  type LoginReply,
  type TokenPair,
  type registerRequestSchema,
  type resetRequestSchema,
} from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { affiliateSites, sites, tiers, users } from '../../db/schema/index.ts';
import { normalise } from '../../lib/blind-index.ts';
import { AppError, ForbiddenError, NotFoundError, UniqueError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { limits, type RateLimiter } from '../../lib/rate-limiter.ts';
import { randomDigits, safeEqual, sha256 } from '../../lib/secrets.ts';
import { activateUser, createAffiliateProfile, createUser, setPasswordHash, setTwoStepSignIn } from '../accounts/index.ts';
import { type Mailer, sendEmail, SIGNUP_REVIEW_NOTE } from '../email/index.ts';
import { setSharedMarker } from '../shared-details/index.ts';
import { referrerOf } from '../referrals/index.ts';
import { recordTermsAcceptance } from '../terms/index.ts';
import { consumeToken, countAttempt, expireToken, findLiveToken, issueToken, voidTokens } from './one-time-tokens.ts';
import { initialApprovalStatus } from './signup-approval.ts';
import { revokeAllSessions, type SessionContext, startSession } from './sessions.ts';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  limiter: RateLimiter;
  isMaintenance: () => Promise<boolean>;
}

export interface RequestContext extends SessionContext {
  ip: string;
}

type UserRow = typeof users.$inferSelect;

// A hash to verify against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

const link = (config: AppConfig, path: string, query: Record<string, string>) =>
  `${config.publicUrl}${path}?${new URLSearchParams(query).toString()}`;

/** POST /v1/register: an inactive affiliate and an activation email. */
export async function register(
  deps: AuthDeps,
  input: z.output<typeof registerRequestSchema>,
  referredBy: string | undefined,
  ctx: RequestContext,
): Promise<void> {
  const { db } = deps;
  if (await findUserByEmail(db, input.email)) throw new UniqueError('email', authMessages.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const siteIds = [...new Set(input.sites_ids)];

  const user = await db.transaction(async (tx) => {
    const [tier] = await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.isDefault, true));
    let referrer: number | null = null;
    const referrerId = await referrerOf(tx, referredBy);
    if (referrerId) {
      const [r] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, referrerId), eq(users.isClient, true), eq(users.isActive, true)));
      referrer = r?.id ?? null;
    }
    const validSites = siteIds.length ? await tx.select({ id: sites.id }).from(sites).where(inArray(sites.id, siteIds)) : [];
    const created = await createUser(
      tx,
      {
        email: input.email,
        passwordHash,
        name: input.first_name,
        isClient: true,
        tierId: tier?.id ?? null,
        referredById: referrer,
        isActive: false,
        approvalStatus: await initialApprovalStatus(tx),
      },
      { ifAbsent: true },
    );
    if (!created) throw new UniqueError('email', authMessages.emailTaken);
    await createAffiliateProfile(tx, {
      userId: created.id,
      company: input.company,
      address: input.address,
      city: input.city,
      postalCode: input.postal_code,
      country: input.country,
      phone: input.phone,
      chatId: input.chat_id,
      website: input.website,
      trafficSources: input.traffic_sources,
      methods: input.methods,
      hearAbout: input.hear_about,
      removeSplashScreen: input.remove_splash_screen,
    });
    if (validSites.length) await tx.insert(affiliateSites).values(validSites.map((s) => ({ userId: created.id, siteId: s.id })));
    // The ticked box (the schema takes nothing else): the version in force, now, from this address.
    await recordTermsAcceptance(tx, created.id, 'sign_up', ctx.ip);
    // The address signed up from, as a blind index staff compare (docs/fraud.md, "Shared details").
    await setSharedMarker(tx, deps.config.taxFormKey, created.id, 'signup_ip', normalise.ip(ctx.ip));
    return created;
  });

  await recordEvent(db, 'user.registered', { subjectId: user.id, ip: ctx.ip, data: { referred_by: user.referredById } });
  await sendActivation(deps, user);
  await sendEmail(deps, 'new_signup', { vars: { name: user.name, email: user.email, affiliate_id: user.id, link: `${deps.config.publicUrl}/affiliates` } });
}

async function sendActivation(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = await issueToken(deps.db, 'activation', { userId: user.id });
  // While sign-ups wait for staff's approval the email says so: activating alone does not let them sign in.
  const approval_note = user.approvalStatus === 'pending' ? SIGNUP_REVIEW_NOTE : '';
  await sendEmail(deps, 'activation', { to: user.email, vars: { name: user.name, email: user.email, approval_note, link: link(deps.config, '/activate-account', { token }) } });
}

/**
 * Activation: the emailed link makes the account active (and its email verified). Only wrong tokens
 * count against the address: many people signing up behind one address (an office, a test run) are
 * never refused, while guessing tokens is.
 */
export async function activate(deps: AuthDeps, token: string, ctx: RequestContext): Promise<void> {
  const key = `activate:ip:${ctx.ip}`;
  await deps.limiter.check(key, limits.codePerIp);
  const row = await consumeToken(deps.db, 'activation', token);
  if (!row?.userId) {
    await deps.limiter.record(key, limits.windowMs);
    throw new AppError('token_invalid', authMessages.activationInvalid);
  }
  await activateUser(deps.db, row.userId);
  await recordEvent(deps.db, 'user.activated', { subjectId: row.userId, ip: ctx.ip });
}

/** A client may not sign in while the site is under maintenance (staff may). */
export async function assertMayEnter(deps: AuthDeps, user: UserRow): Promise<void> {
  if (user.isClient && (await deps.isMaintenance())) {
    throw new AppError('system_is_under_maintenance', 'The site is under maintenance. Please try again later.');
  }
}

/**
 * Guessing one account's password is slowed down, never locked: past a few failures each attempt
 * waits longer (up to a cap) before its password is checked, so the rightful owner still gets in,
 * and anyone who knows the email cannot keep them out. Guessing from one address is limited by
 * the per-address counter; an address that signed in to the account before is not slowed (see
 * docs/auth.md).
 */
function slowDown(failures: number): Promise<void> {
  const over = failures - limits.loginFailuresPerAccount;
  if (over < 0) return Promise.resolve();
  const ms = Math.min(limits.loginDelayBaseMs * 2 ** over, limits.loginDelayMaxMs);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** POST /v2/authentication/login: tokens, or a session token when a code was emailed. */
export async function login(deps: AuthDeps, email: string, password: string, ctx: RequestContext): Promise<LoginReply['data']> {
  const { db, limiter } = deps;
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${ctx.ip}`;
  const knownKey = `login:known:${email}|${ctx.ip}`;
  await limiter.check(ipKey, limits.loginFailuresPerIp);
  if (!(await limiter.count(knownKey))) await slowDown(await limiter.count(accountKey));

  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await dummyHash, password).then(() => false);
  if (!user || !ok) {
    await limiter.record(accountKey, limits.windowMs);
    await limiter.record(ipKey, limits.windowMs);
    throw new AppError('invalid_credentials', authMessages.wrongCredentials);
  }
  // Only someone who knows the password learns that the account is inactive.
  if (!user.isActive) throw new AppError('user_inactive', authMessages.inactive);
  await assertMayEnter(deps, user);
  await limiter.reset(accountKey);
  await limiter.record(knownKey, limits.knownAddressMs);

  if (!user.isClient || user.twoStepEnabled) {
    const code = randomDigits(6);
    const sessionToken = await issueToken(db, 'two_step', { userId: user.id, codeHash: sha256(code) });
    await sendEmail(deps, 'two_step_code', { to: user.email, vars: { name: user.name, email: user.email, code } });
    return { session_token: sessionToken };
  }
  const { tokens } = await startSession(db, deps.config, user.id, ctx);
  await recordEvent(db, 'user.login', { actorId: user.id, subjectId: user.id, ip: ctx.ip });
  return tokens;
}

/** POST /v2/authentication/confirm: the emailed 6-digit code completes a two-step sign-in. */
export async function confirm(deps: AuthDeps, sessionToken: string, code: string, ctx: RequestContext): Promise<TokenPair> {
  const { db, limiter } = deps;
  const ipKey = `confirm:ip:${ctx.ip}`;
  await limiter.check(ipKey, limits.confirmFailuresPerIp);
  const row = await findLiveToken(db, 'two_step', sessionToken);
  const fail = async () => {
    await limiter.record(ipKey, limits.windowMs);
    return new AppError('code_invalid', authMessages.confirmCodeInvalid, { code: [authMessages.confirmCodeInvalid] });
  };
  if (!row?.userId || !row.codeHash) throw await fail();
  if (!safeEqual(row.codeHash, sha256(code))) {
    // Five wrong codes end the challenge: the person signs in again for a new code.
    if ((await countAttempt(db, row.id)) >= limits.confirmFailuresPerSession) await expireToken(db, row.id);
    throw await fail();
  }
  if (!(await consumeToken(db, 'two_step', sessionToken))) throw await fail();
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) throw new AppError('user_inactive', authMessages.inactive);
  await assertMayEnter(deps, user);
  const { tokens } = await startSession(db, deps.config, user.id, ctx);
  await recordEvent(db, 'user.login', { actorId: user.id, subjectId: user.id, ip: ctx.ip, data: { two_step: true } });
  return tokens;
}

/**
 * POST /v2/authentication/resend-code: while a two-step sign-in is open, a new code by email.
 * The old session token (and its code) stop working; its wrong-code count does not reset a
 * challenge that was already ended. At most `codeResendsPerAccount` per window per account.
 */
export async function resendCode(deps: AuthDeps, sessionToken: string, ctx: RequestContext): Promise<{ session_token: string; message: string }> {
  const { db, limiter } = deps;
  await limiter.hit(`resend:ip:${ctx.ip}`, limits.codePerIp, limits.windowMs);
  const row = await findLiveToken(db, 'two_step', sessionToken);
  if (!row?.userId) throw new AppError('code_invalid', authMessages.sessionExpired);
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) throw new AppError('code_invalid', authMessages.sessionExpired);
  await limiter.hit(`resend:account:${user.id}`, limits.codeResendsPerAccount, limits.windowMs);
  await expireToken(db, row.id);
  const code = randomDigits(6);
  const next = await issueToken(db, 'two_step', { userId: user.id, codeHash: sha256(code) });
  await sendEmail(deps, 'two_step_code', { to: user.email, vars: { name: user.name, email: user.email, code } });
  return { session_token: next, message: authMessages.codeResent };
}

/** PUT /v1/user/two-step: an affiliate turns two-step sign-in on or off; the current password is checked first. */
export async function setTwoStep(deps: AuthDeps, userId: number, enabled: boolean, current: string, ctx: RequestContext): Promise<{ two_step_enabled: boolean; message: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  if (!user.isClient) throw new ForbiddenError(authMessages.twoStepStaff);
  await slowDown(await deps.limiter.count(`login:account:${user.email}`));
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) {
    await deps.limiter.record(`login:account:${user.email}`, limits.windowMs);
    throw new AppError('validation_failed', authMessages.currentPasswordWrong, { current_password: [authMessages.currentPasswordWrong] });
  }
  if (user.twoStepEnabled !== enabled) {
    await setTwoStepSignIn(deps.db, userId, enabled);
    await recordEvent(deps.db, enabled ? 'user.two_step_on' : 'user.two_step_off', { actorId: userId, subjectId: userId, ip: ctx.ip });
  }
  return { two_step_enabled: enabled, message: enabled ? authMessages.twoStepOn : authMessages.twoStepOff };
}

/** POST /v1/password/forgot: the same answer whether or not the account exists. */
export async function forgotPassword(deps: AuthDeps, email: string, ctx: RequestContext): Promise<void> {
  await deps.limiter.hit(`forgot:ip:${ctx.ip}`, limits.forgotPerIp, limits.windowMs);
  await deps.limiter.hit(`forgot:account:${email}`, limits.forgotPerAccount, limits.windowMs);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  await voidTokens(deps.db, user.id, 'password_reset');
  const token = await issueToken(deps.db, 'password_reset', { userId: user.id });
  await sendEmail(deps, 'password_reset', { to: user.email, vars: { name: user.name, email: user.email, link: link(deps.config, '/password-reset', { token }) } });
}

/** POST /v1/password/reset: single use; ends every session of the user. */
export async function resetPassword(deps: AuthDeps, input: z.output<typeof resetRequestSchema>, ctx: RequestContext): Promise<TokenPair | undefined> {
  await deps.limiter.hit(`reset:ip:${ctx.ip}`, limits.resetPerIp, limits.windowMs);
  const passwordHash = await hashPassword(input.password);
  const row = await consumeToken(deps.db, 'password_reset', input.token);
  if (!row?.userId) throw new AppError('token_invalid', authMessages.resetTokenInvalid);
  // Following the emailed link proves the address: an inactive, never-verified account becomes active.
  await setPasswordHash(deps.db, row.userId, passwordHash, { verifiesEmail: true });
  await revokeAllSessions(deps.db, row.userId, 'password_reset');
  await recordEvent(deps.db, 'user.password_reset', { subjectId: row.userId, ip: ctx.ip });
  // A staff invitation: the person just set their first password from the emailed link (which proves the
  // address, as a two-step code would), so they are signed in rather than asked to sign in again.
  if ((row.data as { invite?: boolean } | null)?.invite !== true) return undefined;
  const [user] = await deps.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) return undefined;
  const { tokens } = await startSession(deps.db, deps.config, row.userId, ctx);
  return tokens;
}

/** POST /v1/user/password: a signed-in change; every session ends and this one gets fresh tokens. */
export async function changePassword(
  deps: AuthDeps,
  userId: number,
  current: string,
  next: string,
  ctx: RequestContext,
): Promise<TokenPair> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError();
  await slowDown(await deps.limiter.count(`login:account:${user.email}`));
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) {
    await deps.limiter.record(`login:account:${user.email}`, limits.windowMs);
    throw new AppError('validation_failed', authMessages.currentPasswordWrong, { current_password: [authMessages.currentPasswordWrong] });
  }
  await setPasswordHash(deps.db, userId, await hashPassword(next));
  await revokeAllSessions(deps.db, userId, 'password_changed');
  await recordEvent(deps.db, 'user.password_changed', { actorId: userId, subjectId: userId, ip: ctx.ip });
  await sendEmail(deps, 'password_changed', { to: user.email, vars: { name: user.name, email: user.email, link: link(deps.config, '/forgot-password', {}) } });
  const { tokens } = await startSession(deps.db, deps.config, userId, ctx);
  return tokens;
}
