import { errorReplySchema } from '@portal/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tiers } from '../../db/schema/index.ts';
import { requireAuth } from '../../plugins/auth.ts';

const tierSchema = z.object({ id: z.number(), name: z.string(), is_default: z.boolean() });

export const tierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/tiers',
    {
      onRequest: requireAuth(app, { role: 'staff' }),
      schema: { tags: ['affiliates'], summary: 'Affiliate tiers (for custom payouts and affiliate settings)', security: [{ bearer: [] }], response: { 200: z.object({ data: z.array(tierSchema) }), 401: errorReplySchema, 403: errorReplySchema } },
    },
    async () => ({ data: (await app.db.select().from(tiers).orderBy(asc(tiers.name))).map((t) => ({ id: t.id, name: t.name, is_default: t.isDefault })) }),
  );
};
