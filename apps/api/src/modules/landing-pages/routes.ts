import { errorReplySchema, idParamsSchema, landingPageInputSchema, landingPageListReplySchema, landingPageReplySchema, landingPagesQuerySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { createLandingPage, listLandingPages, updateLandingPage } from './service.ts';

const tags = ['offers'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const landingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireAuth(app, { role: 'staff', permission: 'offers' });
  const anyone = requireAuth(app, { permission: 'offers' });

  app.get(
    '/v1/landing-pages',
    {
      onRequest: anyone,
      schema: { tags, summary: 'Landing pages, optionally of one site', security: [{ bearer: [] }], querystring: landingPagesQuerySchema, response: { 200: landingPageListReplySchema, ...errors } },
    },
    async (request) => ({ data: await listLandingPages(app.db, request.query.site_id) }),
  );

  app.post(
    '/v1/landing-pages',
    { onRequest: staff, schema: { tags, summary: 'Create a landing page', security: [{ bearer: [] }], body: landingPageInputSchema, response: { 201: landingPageReplySchema, ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await createLandingPage(app.db, request.body) }),
  );

  app.put(
    '/v1/landing-pages/:id',
    { onRequest: staff, schema: { tags, summary: 'Update a landing page', security: [{ bearer: [] }], params: idParamsSchema, body: landingPageInputSchema, response: { 200: landingPageReplySchema, ...errors } } },
    async (request) => ({ data: await updateLandingPage(app.db, request.params.id, request.body) }),
  );
};
