import {
  acceptTermsReplySchema,
  acceptTermsRequestSchema,
  errorReplySchema,
  idParamsSchema,
  termsAcceptancesReplySchema,
  termsMessages,
  termsSettingsSchema,
  termsSettingsUpdateSchema,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { client, ofAffiliate, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { documentRoutes } from '../../plugins/document-routes.ts';
import { currentTermsVersion, getTermsSettings, publishTerms, recordTermsAcceptance, termsAcceptancesOf, termsStateOf } from './service.ts';

const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

/** Accepting the terms in force, staff publishing a new version, and staff reading who accepted what. */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/user/accept-terms',
    {
      onRequest: requireAccess(app, client),
      schema: {
        tags: ['profile'],
        summary: 'Accept the Terms of Service in force and confirm being 18 or older (asked again after each new version)',
        security,
        body: acceptTermsRequestSchema,
        response: { 200: acceptTermsReplySchema, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth!;
      // Only the affiliate can agree: staff signed in as them cannot do it in their name.
      if (auth.impersonatorId) throw new ForbiddenError(termsMessages.loginAs);
      const version = await currentTermsVersion(app.db);
      if (request.body.version !== undefined && request.body.version !== version) throw new ValidationError({ version: [termsMessages.versionChanged] });
      const before = await termsStateOf(app.db, auth.id, true);
      if (before.accepted_version !== version) {
        await recordTermsAcceptance(app.db, auth.id, 'renewal', request.ip, version);
        await recordEvent(app.db, 'user.terms_accepted', { actorId: auth.id, subjectId: auth.id, ip: request.ip, data: { version } });
      }
      return { data: await termsStateOf(app.db, auth.id, true), message: termsMessages.accepted };
    },
  );

  documentRoutes<{ changes: string }>(app, {
    path: '/v1/settings/terms',
    access: staff('settings'),
    summaries: {
      get: 'Global Settings: the Terms of Service version in force, what changed, and how many affiliates accepted it',
      put: 'Publish a new version of the Terms of Service (now): every affiliate is asked to accept it again',
    },
    body: termsSettingsUpdateSchema,
    reply: termsSettingsSchema,
    get: () => getTermsSettings(app.db),
    put: (v) => publishTerms(app.db, v.changes),
    event: { type: 'settings.terms_published', objectId: 'terms' },
  });

  app.get(
    '/v1/affiliates/:id/terms-acceptances',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags: ['affiliates'], summary: "An affiliate's acceptances of the Terms of Service, newest first: version, time, address and where", security, params: idParamsSchema, response: { 200: termsAcceptancesReplySchema, ...errors } },
    },
    async (request) => {
      const [affiliate] = await app.db.select({ id: users.id }).from(users).where(and(eq(users.id, request.params.id), eq(users.isClient, true)));
      if (!affiliate) throw new NotFoundError();
      return { data: await termsAcceptancesOf(app.db, affiliate.id) };
    },
  );
};
