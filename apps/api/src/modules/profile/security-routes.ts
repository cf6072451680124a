import {
  apiTokenCreatedReplySchema,
  apiTokenInputSchema,
  apiTokenListReplySchema,
  errorReplySchema,
  idParamsSchema,
  messageReplySchema,
  userSessionListReplySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { client, own, signedIn } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession } from '../auth/index.ts';
import { API_TOKENS_MAX, createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
import { describeSession } from './session-view.ts';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const sessionParams = z.object({ id: z.uuid({ error: 'This field is invalid' }) });

/** Profile > Security: the signed-in sessions and personal API tokens. No API token reaches these routes. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/v1/user/sessions',
    { onRequest: requireAccess(app, signedIn), schema: { tags, summary: 'The open sign-in sessions of the signed-in user: device, place, last seen', security, response: { 200: userSessionListReplySchema, ...errors } } },
    async (request) => {
      const rows = await listSessions(app.db, request.auth!.id);
      return { data: await Promise.all(rows.map((row) => describeSession(row, request.auth!.sessionId))) };
    },
  );

  app.delete(
    '/v1/user/sessions',
    { onRequest: requireAccess(app, signedIn), schema: { tags, summary: 'Sign out every other session (this one stays signed in)', security, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const caller = request.auth!;
      const count = await revokeOtherSessions(app.db, caller.id, caller.sessionId, 'revoked_by_user');
      await recordEvent(app.db, 'session.revoked', { actorId: caller.impersonatorId ?? caller.id, subjectId: caller.id, ip: request.ip, data: { others: count } });
      return { data: { message: 'Other sessions signed out.' } };
    },
  );

  app.delete(
    '/v1/user/sessions/:id',
    { onRequest: requireAccess(app, signedIn), schema: { tags, summary: 'Sign out one session of the signed-in user', security, params: sessionParams, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const caller = request.auth!;
      if (!(await revokeOwnSession(app.db, caller.id, request.params.id, 'revoked_by_user'))) throw new NotFoundError();
      await recordEvent(app.db, 'session.revoked', { actorId: caller.impersonatorId ?? caller.id, subjectId: caller.id, ip: request.ip, data: { session_id: request.params.id } });
      return { data: { message: 'Session signed out.' } };
    },
  );

  app.get(
    '/v1/user/api-tokens',
    { onRequest: requireAccess(app, client), schema: { tags, summary: "The signed-in affiliate's personal API tokens (never the tokens themselves)", security, response: { 200: apiTokenListReplySchema, ...errors } } },
    async (request) => ({ data: await listApiTokens(app.db, request.auth!.id) }),
  );

  app.post(
    '/v1/user/api-tokens',
    {
      onRequest: requireAccess(app, client),
      schema: { tags, summary: 'Create a personal API token with a name and scopes; the reply is the only time it is shown', security, body: apiTokenInputSchema, response: { 201: apiTokenCreatedReplySchema, ...errors } },
    },
    async (request, reply) => {
      const caller = request.auth!;
      if ((await listApiTokens(app.db, caller.id)).length >= API_TOKENS_MAX) throw new AppError('conflict', `At most ${API_TOKENS_MAX} API tokens: revoke one first.`);
      const created = await createApiToken(app.db, caller.id, request.body);
      await recordEvent(app.db, 'api_token.created', { actorId: caller.impersonatorId ?? caller.id, subjectId: caller.id, ip: request.ip, data: { token_id: created.id, scopes: created.scopes } });
      return reply.code(201).send({ data: created });
    },
  );

  app.delete(
    '/v1/user/api-tokens/:id',
    { onRequest: requireAccess(app, own(client)), schema: { tags, summary: 'Revoke a personal API token: it stops working at once', security, params: idParamsSchema, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const caller = request.auth!;
      await revokeApiToken(app.db, caller.id, request.params.id);
      await recordEvent(app.db, 'api_token.revoked', { actorId: caller.impersonatorId ?? caller.id, subjectId: caller.id, ip: request.ip, data: { token_id: request.params.id } });
      return { data: { message: 'API token revoked.' } };
    },
  );
};
