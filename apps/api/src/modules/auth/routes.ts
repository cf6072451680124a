import {
  activateRequestSchema,
  authMessages,
  changePasswordRequestSchema,
  resendCodeReplySchema,
  resetReplySchema,
  resendCodeRequestSchema,
  twoStepReplySchema,
  twoStepRequestSchema,
  codeRequestSchema,
  confirmRequestSchema,
  errorReplySchema,
  forgotRequestSchema,
  loginReplySchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageReplySchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetRequestSchema,
  tokensReplySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyCaptcha } from '../../lib/captcha.ts';
import { AppError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { anyone, client, signedIn } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { authDeps, requestContext } from './deps.ts';
import { loginAsUser, loginByCode } from './login-codes.ts';
import * as auth from './service.ts';
import { revokeSession, rotateRefreshToken } from './sessions.ts';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema, 429: errorReplySchema, 503: errorReplySchema };
const tags = ['authentication'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = authDeps(app);

  app.post(
    '/v1/register',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Sign up as an affiliate; the account stays inactive until the emailed link is followed',
        // A referrer's code (`/signup?referred_by=<code>`), or the user id links carried before codes.
        querystring: z.object({ referred_by: z.string().trim().regex(/^[A-Za-z0-9]{1,16}$/).optional().catch(undefined) }),
        body: registerRequestSchema,
        response: { 201: messageReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await verifyCaptcha(app.config.captcha, request.body.captcha_token, request.ip);
      await auth.register(deps, request.body, request.query.referred_by, requestContext(request));
      return reply.code(201).send({ data: { message: authMessages.activationSent } });
    },
  );

  app.post(
    '/v1/account/activate',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Activate an account with the token from the activation email',
        body: activateRequestSchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      await auth.activate(deps, request.body.token, requestContext(request));
      return { data: { message: authMessages.activated } };
    },
  );

  app.post(
    '/v2/authentication/login',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Sign in; answers tokens, or a session token when a code was emailed (two-step)',
        body: loginRequestSchema,
        response: { 200: loginReplySchema, ...errors },
      },
    },
    async (request) => {
      await verifyCaptcha(app.config.captcha, request.body.captcha_token, request.ip);
      return { data: await auth.login(deps, request.body.email, request.body.password, requestContext(request)) };
    },
  );

  app.post(
    '/v2/authentication/confirm',
    { config: { access: anyone }, schema: { tags, summary: 'Complete a two-step sign-in with the emailed code', body: confirmRequestSchema, response: { 200: tokensReplySchema, ...errors } } },
    async (request) => ({ data: await auth.confirm(deps, request.body.session_token, request.body.code, requestContext(request)) }),
  );

  app.post(
    '/v2/authentication/resend-code',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Send a new code for a two-step sign-in still open; the reply carries the session token that replaces the old one',
        body: resendCodeRequestSchema,
        response: { 200: resendCodeReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await auth.resendCode(deps, request.body.session_token, requestContext(request)) }),
  );

  app.put(
    '/v1/user/two-step',
    {
      // Staff always sign in in two steps.
      onRequest: requireAccess(app, client),
      schema: {
        tags,
        summary: 'Turn two-step sign-in on or off (affiliates; staff always use it), after checking the current password',
        security: [{ bearer: [] }],
        body: twoStepRequestSchema,
        response: { 200: twoStepReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await auth.setTwoStep(deps, request.auth!.id, request.body.enabled, request.body.current_password, requestContext(request)) }),
  );

  app.post(
    '/v1/clients/web/admin/refresh',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Rotate the refresh token; a reused token revokes its whole session',
        body: refreshRequestSchema,
        response: { 200: tokensReplySchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await rotateRefreshToken(app.db, app.config, request.body.refresh_token);
      if (!outcome.ok) {
        if (outcome.reason === 'reused') {
          await recordEvent(app.db, 'session.refresh_reuse', { subjectId: outcome.userId ?? null, ip: request.ip, data: { session_id: outcome.sessionId } });
        }
        throw new AppError('refresh_token_invalid', authMessages.refreshInvalid);
      }
      return { data: outcome.tokens };
    },
  );

  app.post(
    '/v1/authentication/logout',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: 'End the current session', body: logoutRequestSchema.nullish(), response: { 200: messageReplySchema, ...errors } },
    },
    async (request) => {
      const caller = request.auth!;
      await revokeSession(app.db, caller.sessionId, 'logout');
      await recordEvent(app.db, 'user.logout', { actorId: caller.impersonatorId ?? caller.id, subjectId: caller.id, ip: request.ip });
      return { data: { message: 'Signed out.' } };
    },
  );

  app.post(
    '/v1/password/forgot',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Email a password reset link (the same answer whether or not the account exists)',
        body: forgotRequestSchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      await verifyCaptcha(app.config.captcha, request.body.captcha_token, request.ip);
      await auth.forgotPassword(deps, request.body.email, requestContext(request));
      return { data: { message: authMessages.forgotSent } };
    },
  );

  app.post(
    '/v1/password/reset',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Set a new password with the emailed token (single use, 1 hour); a staff invitation\'s link also signs the person in (`tokens`)',
        body: resetRequestSchema,
        response: { 200: resetReplySchema, ...errors },
      },
    },
    async (request) => {
      const tokens = await auth.resetPassword(deps, request.body, requestContext(request));
      return { data: { message: authMessages.resetDone, ...(tokens ? { tokens } : {}) } };
    },
  );

  app.post(
    '/v1/user/password',
    {
      onRequest: requireAccess(app, signedIn),
      schema: {
        tags,
        summary: 'Change the password; every other session ends and this one gets fresh tokens',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: tokensReplySchema, ...errors },
      },
    },
    async (request) => ({
      data: await auth.changePassword(deps, request.auth!.id, request.body.current_password, request.body.password, requestContext(request)),
    }),
  );

  app.post(
    '/v1/authentication/login-by-code',
    { config: { access: anyone }, schema: { tags, summary: 'Sign in with a one-time code from an email link (lac/lbc)', body: codeRequestSchema, response: { 200: tokensReplySchema, ...errors } } },
    async (request) => ({ data: await loginByCode(deps, request.body.code, requestContext(request)) }),
  );

  app.post(
    '/v1/authentication/login-as-user',
    {
      config: { access: anyone },
      schema: { tags, summary: "Exchange a staff member's login-as code for a marked affiliate session", body: codeRequestSchema, response: { 200: tokensReplySchema, ...errors } },
    },
    async (request) => ({ data: await loginAsUser(deps, request.body.code, requestContext(request)) }),
  );
};

