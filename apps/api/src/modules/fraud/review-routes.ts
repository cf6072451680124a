import {
  appealReplySchema,
  appealRequestSchema,
  appealsReplySchema,
  bulkHeldReplySchema,
  bulkHeldRequestSchema,
  conversionActionReplySchema,
  errorReplySchema,
  heldConversionsQuerySchema,
  heldConversionsReplySchema,
  idParamsSchema,
  idText,
  rejectHeldRequestSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { client, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { fromHundredths } from '../../lib/money-units.ts';
import { appealConversion, approveHeld, listAppeals, listHeld, type PayApproved, rejectHeld, type Reviewed, reviewMany } from './review.ts';

const tags = ['fraud'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const heldParams = z.object({ conversion_id: idText() });
const reply = (out: Reviewed) => ({
  data: { status: out.status, conversion_id: out.conversionId, earning: out.earningCents === null ? null : fromHundredths(out.earningCents), reason: out.reason },
});
const record = (request: FastifyRequest, out: Reviewed) =>
  recordChange(request, out.status === 'rejected' ? 'conversion.fraud_rejected' : 'conversion.fraud_approved', {
    objectId: out.conversionId,
    subjectId: out.affiliateId,
    before: { status: 'held' },
    after: { status: out.status, reason: out.reason, earning: fromHundredths(out.earningCents ?? 0) },
  });

/** Staff's review of held conversions and the affiliates' appeals (docs/fraud.md). */
export const fraudReviewRoutes: FastifyPluginAsyncZod<{ payApproved: PayApproved }> = async (app, { payApproved }) => {
  app.get(
    '/v1/fraud/held',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags,
        operationId: 'listHeldConversions',
        summary: 'Conversions a fraud rule held for review, oldest first, with the reasons, what each would earn if approved, and its appeal',
        security,
        querystring: heldConversionsQuerySchema,
        response: { 200: heldConversionsReplySchema, ...errors },
      },
    },
    async (request) => listHeld(app.db, request.query),
  );

  app.post(
    '/v1/fraud/held/:conversion_id/approve',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags,
        operationId: 'approveHeldConversion',
        summary: 'Approve a held conversion: it is paid through the ledger now (one still without an exchange rate waits for it); 409 when it is no longer held',
        security,
        params: heldParams,
        response: { 200: conversionActionReplySchema, ...errors },
      },
    },
    async (request) => {
      const out = await approveHeld(app.db, payApproved, request.params.conversion_id, request.auth!.id);
      await record(request, out);
      return reply(out);
    },
  );

  app.post(
    '/v1/fraud/held/:conversion_id/reject',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags,
        operationId: 'rejectHeldConversion',
        summary: 'Reject a held conversion with a reason the affiliate sees: nothing is owed; 409 when it is no longer held',
        security,
        params: heldParams,
        body: rejectHeldRequestSchema,
        response: { 200: conversionActionReplySchema, ...errors },
      },
    },
    async (request) => {
      const out = await rejectHeld(app.db, request.params.conversion_id, request.auth!.id, request.body.reason);
      await record(request, out);
      return reply(out);
    },
  );

  app.post(
    '/v1/fraud/held/bulk',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: {
        tags,
        operationId: 'reviewHeldConversions',
        summary: 'Approve or reject several held conversions (a reason to reject); those no longer held, or past a full hard cap, are skipped and named with why',
        security,
        body: bulkHeldRequestSchema,
        response: { 200: bulkHeldReplySchema, ...errors },
      },
    },
    async (request) => {
      const { action, conversion_ids, reason } = request.body;
      const { done, skipped, reasons } = await reviewMany(app.db, payApproved, conversion_ids, action, request.auth!.id, reason);
      for (const out of done) await record(request, out);
      return { data: { approved: action === 'approve' ? done.length : 0, rejected: action === 'reject' ? done.length : 0, skipped, skipped_reasons: reasons } };
    },
  );

  app.get(
    '/v1/fraud/appeals',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('fraud'))),
      schema: { tags, operationId: 'listFraudAppeals', summary: "Affiliates' appeals of held or rejected conversions, newest first", security, response: { 200: appealsReplySchema, ...errors } },
    },
    async () => ({ data: await listAppeals(app.db) }),
  );

  app.post(
    '/v1/conversion-log/:id/appeal',
    {
      onRequest: requireAccess(app, client),
      schema: {
        tags: ['conversions'],
        operationId: 'appealConversion',
        summary: 'Appeal a held or rejected conversion of your own with a message staff read in the Fraud screen (once per conversion)',
        security,
        params: idParamsSchema,
        body: appealRequestSchema,
        response: { 201: appealReplySchema, ...errors },
      },
    },
    async (request, res) => {
      const data = await appealConversion(app.db, request.auth!.id, request.params.id, request.body.message);
      await recordChange(request, 'conversion.appealed', { objectId: data.conversion_id, subjectId: request.auth!.id, data: { message: data.message } });
      return res.status(201).send({ data });
    },
  );
};
