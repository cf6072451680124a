import { attachConversionRequestSchema, conversionActionReplySchema, errorReplySchema, idParamsSchema, reverseConversionRequestSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChange } from '../../lib/events.ts';
import { scopeOf } from '../../lib/scope.ts';
import { staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { fromHundredths } from '../../lib/money-units.ts';
import { attachConversion } from './attach.ts';
import { type ConversionOutcome, reverseConversion } from '../conversions/index.ts';

const tags = ['conversions'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const reply = (out: ConversionOutcome) => ({
  data: { status: out.status, conversion_id: out.conversionId, earning: out.earningCents === null ? null : fromHundredths(out.earningCents), reason: out.reason },
});

/** Staff's actions on one conversion of the conversion log (docs/tracking.md, Refunds). */
export const conversionLogActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/conversion-log/:id/reverse',
    {
      onRequest: requireAccess(app, staff('payouts')),
      schema: {
        tags,
        summary: 'Reverse a conversion by hand, with a reason: what is left of its earning and its referral commission are taken back',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: reverseConversionRequestSchema,
        response: { 200: conversionActionReplySchema, ...errors },
      },
    },
    async (request) => {
      const out = await reverseConversion(app.db, request.params.id, request.auth!.id, request.body.reason, scopeOf(request.auth!));
      await recordChange(request, 'conversion.reversed', {
        objectId: out.conversionId,
        subjectId: out.affiliateId,
        before: { status: out.before },
        after: { status: out.status, reason: out.reason, earning: fromHundredths(out.earningCents ?? 0) },
      });
      return reply(out);
    },
  );

  app.post(
    '/v1/conversion-log/:id/attach',
    {
      onRequest: requireAccess(app, staff('payouts')),
      schema: {
        tags,
        summary: 'Attach an orphaned conversion to a click of its site, which then pays it',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: attachConversionRequestSchema,
        response: { 200: conversionActionReplySchema, ...errors },
      },
    },
    async (request) => {
      const out = await attachConversion(app.db, request.params.id, request.body.cid, scopeOf(request.auth!), new Date(), request.body.preview === true);
      if (request.body.preview) return reply(out);
      await recordChange(request, 'conversion.attached', {
        objectId: out.conversionId,
        subjectId: out.affiliateId,
        before: { status: 'orphaned' },
        after: { status: out.status, cid: out.cid, earning: fromHundredths(out.earningCents ?? 0) },
      });
      return reply(out);
    },
  );
};
