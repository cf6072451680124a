import {
  bonusRequestSchema,
  dataReply,
  errorReplySchema,
  ledgerEntrySchema,
  referralsSchema,
  idParamsSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { addBonus } from './bonus.ts';
import { getReferrals } from './referrals.ts';
import { recordChange } from '../../lib/events.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/referrals',
    {
      onRequest: requireAuth(app, { role: 'client' }),
      schema: {
        tags: ['referrals'],
        summary: 'Your referral link and the affiliates who signed up through it, with the commission each earned you',
        security: [{ bearer: [] }],
        response: { 200: dataReply(referralsSchema), ...errors },
      },
    },
    async (request) => ({ data: await getReferrals(app.db, request.auth!.id, app.config.publicUrl) }),
  );

  app.post(
    '/v1/affiliates/:id/bonus',
    {
      onRequest: requireAuth(app, { role: 'staff', permission: 'affiliates' }),
      schema: {
        tags: ['affiliates'],
        summary: 'Add a bonus (positive amount) or an adjustment (negative, with an adjustment reason) to an affiliate’s balance',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: bonusRequestSchema,
        response: { 201: dataReply(ledgerEntrySchema), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request, reply) => {
      // The row itself names the staff user and the reason: the ledger is its own audit trail.
      const staff = request.auth!;
      const data = await addBonus(app.db, request.params.id, { id: staff.id, name: staff.name }, request.body);
      await recordChange(request, 'affiliate.bonus_added', { objectId: data.id, subjectId: request.params.id, after: data });
      return reply.status(201).send({ data });
    },
  );
};
