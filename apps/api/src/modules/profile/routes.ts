import { errorReplySchema, profileFormOptionsSchema, profileIncludes, profileReplySchema, profileUpdateSchema, promotionMethods } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sites } from '../../db/schema/index.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { countries } from './countries.ts';
import { getProfile, updateProfile } from './service.ts';

const tags = ['profile'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };

const includeQuery = z.object({
  include: z
    .string()
    .optional()
    .transform((v) => new Set((v ?? '').split(',').map((s) => s.trim()).filter((s): s is (typeof profileIncludes)[number] => (profileIncludes as readonly string[]).includes(s)))),
});

const methodLabels: Record<(typeof promotionMethods)[number], string> = {
  website: 'Website',
  social_media: 'Social media',
  email: 'Email marketing',
  paid_search: 'Paid search',
  display: 'Display advertising',
  tube_sites: 'Tube sites',
  forums: 'Forums and communities',
  other: 'Other',
};

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/user/profile',
    {
      onRequest: requireAuth(app),
      schema: { tags, summary: 'The signed-in user, with the relations asked for in include', security: [{ bearer: [] }], querystring: includeQuery, response: { 200: profileReplySchema, ...errors } },
    },
    async (request) => ({ data: await getProfile(app.db, request.auth!.id, request.auth!.sessionId, request.query.include) }),
  );

  app.post(
    '/v1/user/profile',
    {
      onRequest: requireAuth(app),
      schema: { tags, summary: "Update the signed-in user's details", security: [{ bearer: [] }], querystring: includeQuery, body: profileUpdateSchema, response: { 200: profileReplySchema, ...errors } },
    },
    async (request) => {
      await updateProfile(app.db, request.auth!.id, request.body);
      return { data: await getProfile(app.db, request.auth!.id, request.auth!.sessionId, request.query.include) };
    },
  );

  // Public: the sign-up form needs the same choices as the profile form.
  app.get(
    '/v1/user/profile/form/options',
    { schema: { tags, summary: 'Choices for the sign-up and profile forms', response: { 200: profileFormOptionsSchema } } },
    async () => ({
      data: {
        sites: await app.db.select({ id: sites.id, name: sites.name, display_name: sites.displayName }).from(sites).orderBy(sites.displayName),
        methods: promotionMethods.map((value) => ({ value, label: methodLabels[value] })),
        countries: [...countries],
      },
    }),
  );
};
