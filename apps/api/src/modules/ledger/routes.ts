import {
  affiliateLedgerQuerySchema,
  errorReplySchema,
  idParamsSchema,
  ledgerEntrySchema,
  listReply,
  rejectWithheldRequestSchema,
  withheldCommissionReplySchema,
  withheldCommissionsQuerySchema,
  withheldCommissionsReplySchema,
  withheldMessages,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChange } from '../../lib/events.ts';
import { ofAffiliate, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { affiliateLedger } from './affiliate-ledger.ts';
import { decideWithheld, listWithheld } from './withheld.ts';

const decisionErrors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const record = (request: FastifyRequest, out: Awaited<ReturnType<typeof decideWithheld>>) =>
  recordChange(request, out.status === 'released' ? 'referral_commission.released' : 'referral_commission.rejected', {
    objectId: out.id,
    subjectId: out.referrer.id,
    before: { status: 'pending', amount: out.amount, shared: out.shared, referred_id: out.referred.id },
    after: { status: out.status, paid: out.paid, reason: out.reason },
  });

const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff with payouts or affiliates read one affiliate's ledger (docs/money.md, Staff views).
  app.get(
    '/v1/affiliates/:id/ledger',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('payouts', 'affiliates'))),
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

  // Referral commissions withheld for shared details: staff with fraud review them (docs/money.md, "Withheld for review").
  app.get(
    '/v1/fraud/withheld-commissions',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags: ['fraud'],
        operationId: 'listWithheldCommissions',
        summary: 'Referral commissions withheld because referrer and referred affiliate share a detail, with the details shared and the decision',
        security: [{ bearer: [] }],
        querystring: withheldCommissionsQuerySchema,
        response: { 200: withheldCommissionsReplySchema, ...errors, 422: errorReplySchema },
      },
    },
    async (request) => listWithheld(app.db, request.query),
  );

  app.post(
    '/v1/fraud/withheld-commissions/:id/release',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags: ['fraud'],
        operationId: 'releaseWithheldCommission',
        summary: 'Release a withheld referral commission: the referrer is paid its share of what is left of the earning now; 409 when already decided',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: withheldCommissionReplySchema, ...decisionErrors },
      },
    },
    async (request) => {
      const out = await decideWithheld(app.db, request.params.id, request.auth!.id, 'released', null);
      await record(request, out);
      return { data: out, message: withheldMessages.released };
    },
  );

  app.post(
    '/v1/fraud/withheld-commissions/:id/reject',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags: ['fraud'],
        operationId: 'rejectWithheldCommission',
        summary: 'Reject a withheld referral commission with a reason: nothing is paid; 409 when already decided',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: rejectWithheldRequestSchema,
        response: { 200: withheldCommissionReplySchema, ...decisionErrors },
      },
    },
    async (request) => {
      const out = await decideWithheld(app.db, request.params.id, request.auth!.id, 'rejected', request.body.reason);
      await record(request, out);
      return { data: out, message: withheldMessages.rejected };
    },
  );
};
