import { billingAccountSchema, billingDetailsSchema, dataReply, errorReplySchema, type BillingDetails } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { getBilling, saveBilling } from './service.ts';

const tags = ['billing'];
const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const client = requireAuth(app, { role: 'client' });

  app.get(
    '/v1/user/billing',
    { onRequest: client, schema: { tags, summary: 'Where you are paid: recipient type, payment method and its details', security: [{ bearer: [] }], response: { 200: dataReply(billingAccountSchema), ...errors } } },
    async (request) => ({ data: await getBilling(app.db, request.auth!.id) }),
  );

  app.put(
    '/v1/user/billing',
    {
      onRequest: client,
      schema: {
        tags,
        summary: 'Save where you are paid; each method’s details are checked for what they are (IBAN, SWIFT/BIC, routing number, email, wallet address)',
        security: [{ bearer: [] }],
        body: billingDetailsSchema,
        response: { 200: dataReply(billingAccountSchema), ...errors, 422: errorReplySchema },
      },
    },
    async (request) => ({ data: await saveBilling(app.db, request.auth!.id, request.body as BillingDetails) }),
  );

};
