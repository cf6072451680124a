import { errorReplySchema, listReply, loginAsCodeReplySchema } from '@portal/contracts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tiers, users } from '../../db/schema/index.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { authDeps } from '../auth/deps.ts';
import { createLoginAsCode } from '../auth/service.ts';

const tags = ['affiliates'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

const affiliateListItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  tier: z.object({ name: z.string() }).nullable(),
});

export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffWithAffiliates = requireAuth(app, { role: 'staff', permission: 'affiliates' });

  app.get(
    '/v1/affiliates',
    {
      onRequest: staffWithAffiliates,
      schema: {
        tags,
        summary: 'All affiliates, newest first',
        security: [{ bearer: [] }],
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(500).default(20),
          search: z.string().trim().max(200).optional(),
        }),
        response: { 200: listReply(affiliateListItem), ...errors },
      },
    },
    async (request) => {
      const { page, per_page, search } = request.query;
      const conditions: SQL[] = [eq(users.isClient, true)];
      if (search) {
        const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        const match = or(ilike(users.email, like), ilike(users.name, like));
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const [total] = await app.db.select({ n: count() }).from(users).where(where);
      const rows = await app.db
        .select({ id: users.id, name: users.name, email: users.email, isActive: users.isActive, createdAt: users.createdAt, tierName: tiers.name })
        .from(users)
        .leftJoin(tiers, eq(tiers.id, users.tierId))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(per_page)
        .offset((page - 1) * per_page);
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          is_active: r.isActive,
          created_at: r.createdAt.toISOString(),
          tier: r.tierName ? { name: r.tierName } : null,
        })),
        meta: { total: total?.n ?? 0, page, per_page },
      };
    },
  );

  app.post(
    '/v1/affiliates/:id/login-as',
    {
      onRequest: staffWithAffiliates,
      schema: {
        tags,
        summary: 'A single-use code (2 minutes) to open a marked session as this affiliate',
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: loginAsCodeReplySchema, ...errors },
      },
    },
    async (request) => {
      const { code, expiresIn } = await createLoginAsCode(authDeps(app), request.auth!.id, request.params.id);
      return { data: { code, expires_in: expiresIn } };
    },
  );
};
