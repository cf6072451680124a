import {
  deliveryListQuerySchema,
  errorReplySchema,
  listReply,
  postbackDeliverySchema,
  postbackInput,
  postbackListQuerySchema,
  postbackMacros,
  postbackMacroSchema,
  postbackMessages,
  postbackSchema,
  postbackTestResultSchema,
  idParamsSchema as idParams,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboundPolicy } from '../../lib/safe-fetch.ts';
import { systemResolver } from '../../lib/safe-fetch.ts';
import { client, own } from '../../lib/access.ts';
import { batchesInFlight } from '../../db/client.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { POSTBACK_JOB, postbackJob } from './deliver.ts';
import * as service from './service.ts';

const tags = ['postbacks'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema, 429: errorReplySchema };
const one = z.object({ data: postbackSchema, message: z.string().optional() });
const security = [{ bearer: [] }];
/** "Send test" calls out to the internet on the affiliate's behalf: bounded per affiliate. */
const TESTS_PER_MINUTE = 20;

export const postbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const allow = new Set(app.config.outboundAllow);
  if (allow.size) app.log.warn({ outboundAllow: [...allow] }, 'OUTBOUND_ALLOW is set: these host:port pairs bypass the outbound address rules (tests only)');
  const policy: OutboundPolicy = { allow, resolve: systemResolver };
  app.jobs.register(POSTBACK_JOB, postbackJob(app.db, policy, app.config.postbackRetryBaseMs, batchesInFlight(app.config.database.kind)));

  // The same rules as the web form, plus the test-only allow-list.
  const inputSchema = postbackInput({ allowHost: (hostPort) => allow.has(hostPort) });
  // On request, before the body is read: who may call is answered before what is wrong with the body.
  const owner = (r: { auth?: { id: number } | undefined }) => r.auth!.id;

  app.get(
    '/v1/postbacks',
    { onRequest: requireAccess(app, client, { tokenScope: 'postbacks:write' }), schema: { tags, summary: "The signed-in affiliate's postbacks, newest first", security, querystring: postbackListQuerySchema, response: { 200: listReply(postbackSchema), ...errors } } },
    async (request) => {
      const { items, total } = await service.listPostbacks(app.db, owner(request), request.query);
      return { data: items, meta: { total, page: request.query.page, per_page: request.query.per_page } };
    },
  );

  app.get(
    '/v1/postbacks/macros',
    { onRequest: requireAccess(app, client, { tokenScope: 'postbacks:write' }), schema: { tags, summary: 'Macros a postback url may hold, shown beside the form', security, response: { 200: z.object({ data: z.array(postbackMacroSchema) }), ...errors } } },
    async () => ({ data: postbackMacros.map((m) => ({ macro: m.macro, description: m.description })) }),
  );

  app.get(
    '/v1/postbacks/deliveries',
    { onRequest: requireAccess(app, client, { tokenScope: 'postbacks:write' }), schema: { tags, summary: 'Delivery log of the signed-in affiliate, newest first', security, querystring: deliveryListQuerySchema, response: { 200: listReply(postbackDeliverySchema), ...errors } } },
    async (request) => {
      const { items, total } = await service.listDeliveries(request.readDb, owner(request), request.query);
      return { data: items, meta: { total, page: request.query.page, per_page: request.query.per_page } };
    },
  );

  app.get(
    '/v1/postbacks/:id',
    { onRequest: requireAccess(app, own(client), { tokenScope: 'postbacks:write' }), schema: { tags, summary: 'One postback of the signed-in affiliate', security, params: idParams, response: { 200: one, ...errors } } },
    async (request) => ({ data: await service.getPostback(app.db, owner(request), request.params.id) }),
  );

  app.post(
    '/v1/postbacks',
    { onRequest: requireAccess(app, client, { tokenScope: 'postbacks:write' }), schema: { tags, summary: 'Create a postback', security, body: inputSchema, response: { 201: one, ...errors } } },
    async (request, reply) => {
      const data = await service.createPostback(app.db, policy, owner(request), request.body);
      return reply.code(201).send({ data, message: postbackMessages.created });
    },
  );

  app.put(
    '/v1/postbacks/:id',
    { onRequest: requireAccess(app, own(client), { tokenScope: 'postbacks:write' }), schema: { tags, summary: 'Update a postback', security, params: idParams, body: inputSchema, response: { 200: one, ...errors } } },
    async (request) => ({ data: await service.updatePostback(app.db, policy, owner(request), request.params.id, request.body), message: postbackMessages.updated }),
  );

  app.delete(
    '/v1/postbacks/:id',
    { onRequest: requireAccess(app, own(client), { tokenScope: 'postbacks:write' }), schema: { tags, summary: 'Delete a postback (its delivery log is kept)', security, params: idParams, response: { 200: z.object({ data: z.object({ message: z.string() }) }), ...errors } } },
    async (request) => {
      await service.deletePostback(app.db, owner(request), request.params.id);
      return { data: { message: postbackMessages.deleted } };
    },
  );

  app.post(
    '/v1/postbacks/:id/test',
    {
      onRequest: requireAccess(app, own(client), { tokenScope: 'postbacks:write' }),
      schema: { tags, summary: 'Send test: fire once now with sample values and answer the request and the answer', security, params: idParams, response: { 200: z.object({ data: postbackTestResultSchema }), ...errors } },
    },
    async (request) => {
      await app.limiter.hit(`postback-test:${owner(request)}`, TESTS_PER_MINUTE, 60_000);
      return { data: await service.sendTest(app.db, policy, owner(request), request.params.id) };
    },
  );
};
