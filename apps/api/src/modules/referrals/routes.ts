import { dataReply, errorReplySchema, referralsSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { client } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { getReferrals } from './service.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/referrals',
    {
      onRequest: requireAccess(app, client),
      schema: {
        tags: ['referrals'],
        summary: 'Your referral link and the affiliates who signed up through it, with the commission each earned you',
        security: [{ bearer: [] }],
        response: { 200: dataReply(referralsSchema), ...errors },
      },
    },
    async (request) => ({ data: await getReferrals(app.db, request.auth!.id, app.config.publicUrl) }),
  );
};
