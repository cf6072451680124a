import { errorReplySchema, trackingLinkReplySchema, trackingLinkRequestSchema, idParamsSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { client } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { assertMayGetLinks } from './approval.ts';
import { codeFor, trackingUrl, validateLinkSpec } from './service.ts';

export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/offers/:id/tracking-link',
    {
      onRequest: requireAccess(app, client, { tokenScope: 'offers:read' }),
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
      // A sign-up waiting for approval gets no links yet, and is told why.
      await assertMayGetLinks(app.db, request.auth!.id);
      const b = request.body ?? trackingLinkRequestSchema.parse({});
      const spec = {
        affiliateId: request.auth!.id,
        offerId: request.params.id,
        campaignId: b.campaign_id ?? null,
        landingPageId: b.landing_page_id ?? null,
        deepUrl: b.deep_url ?? null,
        creative: b.creative_id ?? null,
      };
      await validateLinkSpec(app.db, spec);
      const code = await codeFor(app.db, spec);
      return { data: { code, url: trackingUrl(app.config.publicUrl, code, b) } };
    },
  );
};
