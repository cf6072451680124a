import {
  affiliateLedgerQuerySchema,
  billingAccountSchema,
  bonusRequestSchema,
  listReply,
  dataReply,
  errorReplySchema,
  ledgerEntrySchema,
  referralsSchema,
  idParamsSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../plugins/auth.ts';
import { affiliateBilling, affiliateLedger } from './affiliate-ledger.ts';
import { addBonus } from './bonus.ts';
import { getReferrals } from './referrals.ts';
import { recordChange } from '../../lib/events.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/referrals',
    {
      onRequest: requireAccess(app, 'GET /v1/referrals'),
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
      onRequest: requireAccess(app, 'POST /v1/affiliates/{id}/bonus'),
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

  // Staff with payouts or affiliates read one affiliate's ledger and billing details (docs/money.md, Staff views).
  app.get(
    '/v1/affiliates/:id/ledger',
    {
      onRequest: requireAccess(app, 'GET /v1/affiliates/{id}/ledger'),
      schema: {
        tags: ['affiliates'],
        summary: 'One affiliate’s ledger rows (earnings, reversals, commissions, bonuses, adjustments, withholdings, fees, payouts), newest first',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        querystring: affiliateLedgerQuerySchema,
        response: { 200: listReply(ledgerEntrySchema), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => affiliateLedger(app.db, request.params.id, request.query),
  );

  app.get(
    '/v1/affiliates/:id/billing',
    {
      onRequest: requireAccess(app, 'GET /v1/affiliates/{id}/billing'),
      schema: {
        tags: ['affiliates'],
        summary: 'One affiliate’s billing details: recipient type, payment method and its details, and whether they are complete',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: dataReply(billingAccountSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => ({ data: await affiliateBilling(app.db, request.params.id) }),
  );
};
