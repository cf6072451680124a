import { errorReplySchema, idParamsSchema, siteInputSchema, siteListReplySchema, siteReplySchema, siteWithKeyReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { createSite, listSites, rotateSiteKey, updateSite } from './service.ts';

const tags = ['sites'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireAuth(app, { role: 'staff', permission: 'offers' });
  const anyone = requireAuth(app, { permission: 'offers' });

  app.get(
    '/v1/sites',
    { onRequest: anyone, schema: { tags, summary: 'The network sites (staff also see key prefixes and catalogue URLs)', security: [{ bearer: [] }], response: { 200: siteListReplySchema, ...errors } } },
    async (request) => ({ data: await listSites(app.db, request.auth!.isClient ? 'affiliate' : 'staff') }),
  );

  app.post(
    '/v1/sites',
    { onRequest: staff, schema: { tags, summary: 'Create a site; answers its API key once', security: [{ bearer: [] }], body: siteInputSchema, response: { 201: siteWithKeyReplySchema, ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await createSite(app.db, request.body) }),
  );

  app.put(
    '/v1/sites/:id',
    { onRequest: staff, schema: { tags, summary: 'Update a site', security: [{ bearer: [] }], params: idParamsSchema, body: siteInputSchema, response: { 200: siteReplySchema, ...errors } } },
    async (request) => ({ data: await updateSite(app.db, request.params.id, request.body) }),
  );

  app.post(
    '/v1/sites/:id/rotate-key',
    { onRequest: staff, schema: { tags, summary: 'Replace the site API key; the old one stops working at once', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: siteWithKeyReplySchema, ...errors } } },
    async (request) => ({ data: await rotateSiteKey(app.db, request.params.id) }),
  );
};
