import { capInputSchema, capListReplySchema, capMessages, capReplySchema, errorReplySchema, idParamsSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createCap, deleteCap, listCaps } from './service.ts';

const tags = ['offers'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

/** An offer's caps (docs/caps.md): staff with the offers permission. */
export const capRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/offers/:id/caps',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: "An offer's caps, with what each has taken this period and when it reopens", security, params: idParamsSchema, response: { 200: capListReplySchema, ...errors } },
    },
    async (request) => ({ data: await listCaps(app.db, request.params.id) }),
  );

  app.post(
    '/v1/offers/:id/caps',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: {
        tags,
        summary: 'Add a cap to an offer: clicks, conversions or payout per day, week, month or in total, hard or soft, for the offer or one affiliate',
        security,
        params: idParamsSchema,
        body: capInputSchema,
        response: { 201: capReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createCap(app.db, request.params.id, request.body);
      await recordChange(request, 'cap.created', { objectId: data.id, after: data });
      // Click caps are read with the link, full caps every second: this instance applies the new one at once.
      app.linkCache.clear();
      await app.fullCaps.refresh().catch((err: unknown) => request.log.warn({ err }, 'full caps could not be read'));
      return reply.code(201).send({ data, message: capMessages.created });
    },
  );

  app.delete(
    '/v1/caps/:id',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: 'Delete a cap (the offer reopens if it closed it)', security, params: idParamsSchema, response: { 200: z.object({ data: z.object({ message: z.string() }) }), ...errors } },
    },
    async (request) => {
      const before = await deleteCap(app.db, request.params.id);
      await recordChange(request, 'cap.deleted', { objectId: before.id, before });
      app.linkCache.clear();
      await app.fullCaps.refresh().catch((err: unknown) => request.log.warn({ err }, 'full caps could not be read'));
      return { data: { message: capMessages.deleted } };
    },
  );
};
