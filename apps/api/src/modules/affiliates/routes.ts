import { affiliateListReplySchema, affiliatesQuerySchema, errorReplySchema, idParamsSchema, loginAsCodeReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { authDeps } from '../auth/deps.ts';
import { createLoginAsCode } from '../auth/service.ts';
import { listAffiliates } from './service.ts';

const tags = ['affiliates'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffWithAffiliates = requireAuth(app, { role: 'staff', permission: 'affiliates' });

  app.get(
    '/v1/affiliates',
    {
      onRequest: staffWithAffiliates,
      schema: { tags, summary: 'All affiliates, newest first', security: [{ bearer: [] }], querystring: affiliatesQuerySchema, response: { 200: affiliateListReplySchema, ...errors } },
    },
    async (request) => listAffiliates(app.db, request.query),
  );

  app.post(
    '/v1/affiliates/:id/login-as',
    {
      onRequest: staffWithAffiliates,
      schema: {
        tags,
        summary: 'A single-use code (2 minutes) to open a marked session as this affiliate',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: loginAsCodeReplySchema, ...errors },
      },
    },
    async (request) => {
      const { code, expiresIn } = await createLoginAsCode(authDeps(app), request.auth!.id, request.params.id);
      return { data: { code, expires_in: expiresIn } };
    },
  );
};
