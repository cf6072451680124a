import { errorReplySchema, idParamsSchema, siteInputSchema, siteListReplySchema, siteReplySchema, sitesQuerySchema, siteWithKeyReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChange } from '../../lib/events.ts';
import { clientOrStaff, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createSite, listSites, rotateSiteKey, updateSite, loadSite } from './service.ts';
import { networkScope, scopeOf } from '../../lib/scope.ts';

const tags = ['sites'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/v1/sites',
    {
      onRequest: requireAccess(app, clientOrStaff('offers'), { tokenScope: 'offers:read' }),
      schema: { tags, summary: 'The network sites, paged, filtered and sorted (staff also see key prefixes and catalogue URLs)', security: [{ bearer: [] }], querystring: sitesQuerySchema, response: { 200: siteListReplySchema, ...errors } },
    },
    async (request) => listSites(app.db, scopeOf(request.auth!), request.query),
  );

  app.get(
    '/v1/sites/:id',
    { onRequest: requireAccess(app, clientOrStaff('offers'), { tokenScope: 'offers:read' }), schema: { tags, summary: 'One site (staff also see its key prefix, catalogue URLs and last catalogue sync as `last_sync`)', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: siteReplySchema, ...errors } } },
    async (request) => ({ data: await loadSite(app.db, request.params.id, scopeOf(request.auth!)) }),
  );

  app.post(
    '/v1/sites',
    { onRequest: requireAccess(app, staff('offers')), schema: { tags, summary: 'Create a site; answers its API key once', security: [{ bearer: [] }], body: siteInputSchema, response: { 201: siteWithKeyReplySchema, ...errors } } },
    async (request, reply) => {
      const data = await createSite(app.db, request.body);
      await recordChange(request, 'site.created', { objectId: data.id, after: data });
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/v1/sites/:id',
    { onRequest: requireAccess(app, staff('offers')), schema: { tags, summary: 'Update a site', security: [{ bearer: [] }], params: idParamsSchema, body: siteInputSchema, response: { 200: siteReplySchema, ...errors } } },
    async (request) => {
      const before = await loadSite(app.db, request.params.id, networkScope);
      const data = await updateSite(app.db, request.params.id, request.body);
      await recordChange(request, 'site.updated', { objectId: data.id, before, after: data });
      // Its address and fallback are read with its links: this instance uses the new ones at once.
      app.linkCache.clear();
      return { data };
    },
  );

  app.post(
    '/v1/sites/:id/rotate-key',
    { onRequest: requireAccess(app, wholeNetwork(staff('offers'))), schema: { tags, summary: 'Replace the site API key; the old one stops working at once', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: siteWithKeyReplySchema, ...errors } } },
    async (request) => {
      const before = await loadSite(app.db, request.params.id, networkScope);
      const data = await rotateSiteKey(app.db, request.params.id);
      await recordChange(request, 'site.key_rotated', { objectId: data.id, before, after: data });
      return { data };
    },
  );
};
