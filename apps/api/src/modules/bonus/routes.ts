import { bonusRequestSchema, dataReply, errorReplySchema, idParamsSchema, ledgerEntrySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChange } from '../../lib/events.ts';
import { ofAffiliate, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { addBonus } from './service.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/affiliates/:id/bonus',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
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
      const staffUser = request.auth!;
      const data = await addBonus(app.db, request.params.id, { id: staffUser.id, name: staffUser.name }, request.body);
      await recordChange(request, 'affiliate.bonus_added', { objectId: data.id, subjectId: request.params.id, after: data });
      return reply.status(201).send({ data });
    },
  );
};
