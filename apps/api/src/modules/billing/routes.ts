import { billingAccountSchema, billingDetailsSchema, dataReply, errorReplySchema, type BillingDetails, idParamsSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../lib/errors.ts';
import { type Access, ofAffiliate, signedIn, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { targetQuery, targetUserId } from '../../lib/target.ts';
import { affiliateBilling, getBilling, saveBilling } from './service.ts';

const tags = ['billing'];
const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Affiliates: their own; staff with affiliates: an affiliate's by ?user_id= (Affiliate Details).
  // Before the body is read: staff have no billing details of their own.
  const client = (access: Access) => [
    requireAccess(app, access),
    async (request: FastifyRequest) => {
      if (!request.auth!.isClient && (request.query as Record<string, unknown>).user_id === undefined) throw new ForbiddenError();
    },
  ];
  const whose = async (request: FastifyRequest, userId: number | undefined) => {
    const target = await targetUserId(app.db, request, userId);
    if (target === request.auth!.id && !request.auth!.isClient) throw new ForbiddenError();
    return target;
  };

  app.get(
    '/v1/user/billing',
    { onRequest: client(signedIn), schema: { tags, summary: 'Where you are paid: recipient type, payment method and its details', security: [{ bearer: [] }], querystring: targetQuery, response: { 200: dataReply(billingAccountSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema } } },
    async (request) => ({ data: await getBilling(app.db, await whose(request, request.query.user_id)) }),
  );

  app.put(
    '/v1/user/billing',
    {
      onRequest: client(signedIn),
      schema: {
        tags,
        summary: 'Save where you are paid; each method’s details are checked for what they are (IBAN, SWIFT/BIC, routing number, email, wallet address)',
        security: [{ bearer: [] }],
        querystring: targetQuery,
        body: billingDetailsSchema,
        response: { 200: dataReply(billingAccountSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => ({ data: await saveBilling(app.db, app.config.taxFormKey, await whose(request, request.query.user_id), request.body as BillingDetails) }),
  );

  // Staff with payouts or affiliates read one affiliate's billing details (docs/money.md, Staff views).
  app.get(
    '/v1/affiliates/:id/billing',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('payouts', 'affiliates'))),
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
