import { errorReplySchema, statisticsQuerySchema, statisticsReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { report } from './service.ts';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/statistics/daily',
    {
      onRequest: requireAuth(app, { permission: 'statistics' }),
      schema: {
        tags: ['statistics'],
        summary: 'Daily report (or grouped by offer, site, campaign, country, device, sub ID); affiliates see only their own',
        security: [{ bearer: [] }],
        querystring: statisticsQuerySchema,
        response: { 200: statisticsReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      const caller = request.auth!;
      const q = request.query;
      if (caller.isClient && q.group_by === 'affiliate') q.group_by = 'date';
      // An affiliate's own id, always: a client-sent affiliate_id is ignored.
      const affiliateId = caller.isClient ? caller.id : q.affiliate_id;
      const { rows, totals } = await report(app.db, q, affiliateId);
      return { data: rows, meta: { totals, from: q.from, to: q.to, group_by: q.group_by } };
    },
  );
};
