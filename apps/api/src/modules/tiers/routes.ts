import { errorReplySchema, idParamsSchema, tierDeleteReplySchema, tierInputSchema, tierListReplySchema, tierMessages, tierSchema } from '@portal/contracts';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { deleteTier, findTier, saveTier } from './write.ts';
import { listTiers } from './service.ts';

export const tierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/tiers',
    {
      onRequest: requireAccess(app, staff()),
      schema: { tags: ['affiliates'], summary: 'Affiliate tiers (for custom payouts and affiliate settings), with their affiliates counted', security: [{ bearer: [] }], response: { 200: tierListReplySchema, 401: errorReplySchema, 403: errorReplySchema } },
    },
    async () => ({ data: await listTiers(app.db) }),
  );

  const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
  const reply = z.object({ data: tierSchema, message: z.string() });
  app.post(
    '/v1/tiers',
    { onRequest: requireAccess(app, staff('settings')), schema: { tags: ['affiliates'], summary: 'Create a tier (optionally the default for new sign-ups)', security: [{ bearer: [] }], body: tierInputSchema, response: { 201: reply, ...errors } } },
    async (request, res) => {
      const data = await saveTier(app.db, request.body);
      await recordChange(request, 'tier.created', { objectId: data.id, after: data });
      return res.code(201).send({ data, message: tierMessages.created });
    },
  );
  app.patch(
    '/v1/tiers/:id',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags: ['affiliates'],
        summary: 'Rename a tier or make it the default for new sign-ups (the default stays until another tier is made the default: 409)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: tierInputSchema,
        response: { 200: reply, ...errors },
      },
    },
    async (request) => {
      const before = await findTier(app.db, request.params.id);
      const data = await saveTier(app.db, request.body, request.params.id);
      await recordChange(request, 'tier.updated', { objectId: data.id, before, after: data });
      return { data, message: tierMessages.updated };
    },
  );
  app.delete(
    '/v1/tiers/:id',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags: ['affiliates'],
        summary: "Delete a tier: its affiliates move to the default tier, its offer payouts are removed (the default tier itself: 409)",
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: tierDeleteReplySchema, ...errors },
      },
    },
    async (request) => {
      const { tier, defaultTier, moved } = await deleteTier(app.db, request.params.id);
      await recordChange(request, 'tier.deleted', { objectId: tier.id, before: tier, after: null, data: { moved_affiliates: moved, default_tier_id: defaultTier?.id ?? null } });
      for (const userId of moved) {
        await recordChange(request, 'affiliate.tier_assigned', {
          objectId: userId,
          subjectId: userId,
          before: { tier_id: tier.id, tier: tier.name },
          after: { tier_id: defaultTier?.id ?? null, tier: defaultTier?.name ?? null },
          data: { reason: 'tier_deleted' },
        });
      }
      return { data: { moved_affiliates: moved.length, default_tier: defaultTier ? { id: defaultTier.id, name: defaultTier.name } : null }, message: tierMessages.deleted };
    },
  );
};
