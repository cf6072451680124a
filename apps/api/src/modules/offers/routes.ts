import {
  customPayoutsInputSchema,
  errorReplySchema,
  idParamsSchema,
  offerArchiveRequestSchema,
  offerInputSchema,
  offerListReplySchema,
  offerReplySchema,
  offersQuerySchema,
  trackingMessages,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChange } from '../../lib/events.ts';
import { networkScope, scopeOf } from '../../lib/scope.ts';
import { clientOrStaff, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { archiveOffer, createOffer, getOffer, listOffers, replaceCustomPayouts, updateOffer } from './service.ts';

const tags = ['offers'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/v1/offers',
    {
      onRequest: requireAccess(app, clientOrStaff('offers'), { tokenScope: 'offers:read' }),
      schema: { tags, summary: 'Offers, paged, filtered and sorted; affiliates see active offers with their own payout', security: [{ bearer: [] }], querystring: offersQuerySchema, response: { 200: offerListReplySchema, ...errors } },
    },
    async (request) => listOffers(app.db, scopeOf(request.auth!), request.query),
  );

  app.get(
    '/v1/offers/:id',
    { onRequest: requireAccess(app, clientOrStaff('offers'), { tokenScope: 'offers:read' }), schema: { tags, summary: 'One offer (staff: with custom payouts)', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: offerReplySchema, ...errors } } },
    async (request) => ({ data: await getOffer(app.db, scopeOf(request.auth!), request.params.id) }),
  );

  app.post(
    '/v1/offers',
    { onRequest: requireAccess(app, wholeNetwork(staff('offers'))), schema: { tags, summary: 'Create an offer', security: [{ bearer: [] }], body: offerInputSchema, response: { 201: offerReplySchema, ...errors } } },
    async (request, reply) => {
      const data = await createOffer(app.db, request.body);
      await recordChange(request, 'offer.created', { objectId: data.id, after: data });
      return reply.code(201).send({ data, message: trackingMessages.offerCreated });
    },
  );

  app.put(
    '/v1/offers/:id',
    { onRequest: requireAccess(app, wholeNetwork(staff('offers'))), schema: { tags, summary: 'Update an offer', security: [{ bearer: [] }], params: idParamsSchema, body: offerInputSchema, response: { 200: offerReplySchema, ...errors } } },
    async (request) => {
      const before = await getOffer(app.db, networkScope, request.params.id);
      const data = await updateOffer(app.db, request.params.id, request.body);
      await recordChange(request, 'offer.updated', { objectId: data.id, before, after: data });
      // A paused offer stops counting at once here, and within the link cache's lifetime elsewhere.
      app.linkCache.clear();
      return { data, message: trackingMessages.offerUpdated };
    },
  );

  app.post(
    '/v1/offers/:id/archive',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: 'Archive (or restore) an offer; its links stop counting new clicks', security: [{ bearer: [] }], params: idParamsSchema, body: offerArchiveRequestSchema, response: { 200: offerReplySchema, ...errors } },
    },
    async (request) => {
      const before = await getOffer(app.db, networkScope, request.params.id);
      const data = await archiveOffer(app.db, request.params.id, request.body?.archived ?? true);
      await recordChange(request, request.body?.archived === false ? 'offer.restored' : 'offer.archived', { objectId: data.id, before, after: data });
      return { data, message: trackingMessages.offerArchived };
    },
  );

  app.put(
    '/v1/offers/:id/payouts',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: 'Replace the custom payouts (per affiliate, per tier) of an offer', security: [{ bearer: [] }], params: idParamsSchema, body: customPayoutsInputSchema, response: { 200: offerReplySchema, ...errors } },
    },
    async (request) => {
      const before = await getOffer(app.db, networkScope, request.params.id);
      const data = await replaceCustomPayouts(app.db, request.params.id, request.body);
      await recordChange(request, 'offer.payouts_updated', { objectId: data.id, before, after: data });
      return { data, message: trackingMessages.offerUpdated };
    },
  );
};
