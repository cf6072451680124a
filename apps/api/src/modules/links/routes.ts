import { errorReplySchema, trackingLinkReplySchema, trackingLinkRequestSchema, idParamsSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { codeFor, trackingUrl, validateLinkSpec } from './service.ts';

export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/offers/:id/tracking-link',
    {
      onRequest: requireAuth(app, { role: 'client', permission: 'offers' }),
      schema: {
        tags: ['offers'],
        summary: "The signed-in affiliate's tracking link for an offer (landing page, campaign, sub IDs, deep link optional)",
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: trackingLinkRequestSchema.nullish(),
        response: { 200: trackingLinkReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      const b = request.body ?? trackingLinkRequestSchema.parse({});
      const spec = {
        affiliateId: request.auth!.id,
        offerId: request.params.id,
        campaignId: b.campaign_id ?? null,
        landingPageId: b.landing_page_id ?? null,
        deepUrl: b.deep_url ?? null,
      };
      await validateLinkSpec(app.db, spec);
      const code = await codeFor(app.db, spec);
      return { data: { code, url: trackingUrl(app.config.publicUrl, code, b) } };
    },
  );
};
