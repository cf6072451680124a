import { errorReplySchema, tierListReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { listTiers } from './service.ts';

export const tierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/tiers',
    {
      onRequest: requireAuth(app, { role: 'staff' }),
      schema: { tags: ['affiliates'], summary: 'Affiliate tiers (for custom payouts and affiliate settings)', security: [{ bearer: [] }], response: { 200: tierListReplySchema, 401: errorReplySchema, 403: errorReplySchema } },
    },
    async () => ({ data: await listTiers(app.db) }),
  );
};
