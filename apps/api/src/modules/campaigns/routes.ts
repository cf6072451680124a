import { campaignInputSchema, campaignListReplySchema, campaignReplySchema, campaignsQuerySchema, errorReplySchema, idParamsSchema, messageReplySchema, trackingMessages } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { client, own } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { assertMayGetLinks } from '../links/index.ts';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from './service.ts';

const tags = ['campaigns'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/v1/campaigns',
    {
      onRequest: requireAccess(app, client),
      schema: { tags, summary: "The signed-in affiliate's campaigns, paged, filtered and sorted (newest first by default)", security: [{ bearer: [] }], querystring: campaignsQuerySchema, response: { 200: campaignListReplySchema, ...errors } },
    },
    async (request) => listCampaigns(app.db, app.config.publicUrl, request.auth!.id, request.query),
  );

  app.post(
    '/v1/campaigns',
    { onRequest: requireAccess(app, client), schema: { tags, summary: 'Create a campaign', security: [{ bearer: [] }], body: campaignInputSchema, response: { 201: campaignReplySchema, ...errors } } },
    async (request, reply) => {
      // A campaign is a tracking link: none while the sign-up waits for approval.
      await assertMayGetLinks(app.db, request.auth!.id);
      return reply.code(201).send({ data: await createCampaign(app.db, app.config.publicUrl, request.auth!.id, request.body), message: trackingMessages.campaignCreated });
    },
  );

  app.put(
    '/v1/campaigns/:id',
    { onRequest: requireAccess(app, own(client)), schema: { tags, summary: 'Update a campaign', security: [{ bearer: [] }], params: idParamsSchema, body: campaignInputSchema, response: { 200: campaignReplySchema, ...errors } } },
    async (request) => {
      const campaign = await updateCampaign(app.db, app.config.publicUrl, request.auth!.id, request.params.id, request.body);
      app.linkCache.clear();
      return { data: campaign, message: trackingMessages.campaignUpdated };
    },
  );

  app.delete(
    '/v1/campaigns/:id',
    { onRequest: requireAccess(app, own(client)), schema: { tags, summary: 'Delete a campaign (its link then leads to the site without counting)', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      await deleteCampaign(app.db, request.auth!.id, request.params.id);
      app.linkCache.clear();
      return { data: { message: trackingMessages.campaignDeleted } };
    },
  );
};
