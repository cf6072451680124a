import { errorReplySchema, idParamsSchema, landingPageInputSchema, landingPageListReplySchema, landingPageReplySchema, landingPagesQuerySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { landingPages } from '../../db/schema/index.ts';
import { recordChange } from '../../lib/events.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createLandingPage, listLandingPages, updateLandingPage, toLandingPage } from './service.ts';

const tags = ['offers'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const landingPageRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/v1/landing-pages',
    {
      onRequest: requireAccess(app, 'GET /v1/landing-pages', { tokenScope: 'offers:read' }),
      schema: { tags, summary: 'Landing pages, paged, filtered (by site, by name) and sorted', security: [{ bearer: [] }], querystring: landingPagesQuerySchema, response: { 200: landingPageListReplySchema, ...errors } },
    },
    async (request) => listLandingPages(app.db, request.query),
  );

  app.post(
    '/v1/landing-pages',
    { onRequest: requireAccess(app, 'POST /v1/landing-pages'), schema: { tags, summary: 'Create a landing page', security: [{ bearer: [] }], body: landingPageInputSchema, response: { 201: landingPageReplySchema, ...errors } } },
    async (request, reply) => {
      const data = await createLandingPage(app.db, request.body);
      await recordChange(request, 'landing_page.created', { objectId: data.id, after: data });
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/v1/landing-pages/:id',
    { onRequest: requireAccess(app, 'PUT /v1/landing-pages/{id}'), schema: { tags, summary: 'Update a landing page', security: [{ bearer: [] }], params: idParamsSchema, body: landingPageInputSchema, response: { 200: landingPageReplySchema, ...errors } } },
    async (request) => {
      const [row] = await app.db.select().from(landingPages).where(eq(landingPages.id, request.params.id));
      const before = row ? toLandingPage(row) : null;
      const data = await updateLandingPage(app.db, request.params.id, request.body);
      await recordChange(request, 'landing_page.updated', { objectId: data.id, before, after: data });
      return { data };
    },
  );
};
