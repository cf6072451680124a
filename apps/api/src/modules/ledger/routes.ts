import { affiliateLedgerQuerySchema, errorReplySchema, idParamsSchema, ledgerEntrySchema, listReply } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../plugins/auth.ts';
import { affiliateLedger } from './affiliate-ledger.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff with payouts or affiliates read one affiliate's ledger (docs/money.md, Staff views).
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
};
