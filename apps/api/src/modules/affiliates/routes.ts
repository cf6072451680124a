import {
  affiliateCreateRequestSchema,
  affiliateListReplySchema,
  affiliateMessages as msg,
  affiliateReplySchema,
  affiliatesQuerySchema,
  affiliateUpdateSchema,
  errorReplySchema,
  impersonationReplySchema,
  idParamsSchema,
  loginAsCodeReplySchema,
  loginAsRequestSchema,
  managerListReplySchema,
  signupApprovalReplySchema,
  signupApprovalSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { networkScope, scopeOf } from '../../lib/scope.ts';
import { ofAffiliate, signedIn, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { authDeps, createLoginAsCode, setSignupApprovalRequired, signupApprovalRequired } from '../auth/index.ts';
import { type Actor, createAffiliate, listManagers, updateAffiliate } from './actions.ts';
import { affiliateActionRoutes } from './action-routes.ts';
import { impersonationOf } from './impersonation.ts';
import { affiliatesCsv, getAffiliateItem, listAffiliates } from './list.ts';

const tags = ['affiliates'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

/** The staff user calling, for the event history. */
const actorOf = (request: { auth?: { id: number } | undefined; ip: string }): Actor => ({ id: request.auth!.id, ip: request.ip });

export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {

  /** The affiliate as the list shows it, after a change. */
  const itemOf = async (id: number, viewer: number) => {
    const item = await getAffiliateItem(app.db, id, { id: viewer, scope: networkScope });
    if (!item) throw new NotFoundError(msg.notFound);
    return item;
  };

  app.get(
    '/v1/affiliates',
    {
      onRequest: requireAccess(app, staff('affiliates')),
      schema: {
        tags,
        summary: 'Affiliates: search, filters, sort and pages (`per_page=all` for every row); managers see their own first',
        security,
        querystring: affiliatesQuerySchema,
        response: { 200: affiliateListReplySchema, ...errors },
      },
    },
    async (request) => listAffiliates(request.readDb, request.query, { id: request.auth!.id, scope: scopeOf(request.auth!) }),
  );

  app.get(
    '/v1/affiliates/export.csv',
    {
      onRequest: requireAccess(app, staff('affiliates')),
      schema: {
        tags,
        summary: 'The affiliates list as CSV, with the same search, filters and sort (every row)',
        security,
        querystring: affiliatesQuerySchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await affiliatesCsv(request.readDb, request.query, { id: request.auth!.id, scope: scopeOf(request.auth!) });
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="affiliates.csv"').send(csv);
    },
  );

  app.post(
    '/v1/affiliates',
    {
      onRequest: requireAccess(app, staff('affiliates')),
      schema: { tags, summary: 'Create an affiliate, active and approved', security, body: affiliateCreateRequestSchema, response: { 201: affiliateReplySchema, ...errors } },
    },
    async (request, reply) => {
      // A manager limited to assigned affiliates manages whom they add.
      const input = request.auth!.assignedOnly ? { ...request.body, manager_id: request.auth!.id } : request.body;
      const id = await createAffiliate(app.db, actorOf(request), input);
      return reply.code(201).send({ data: await itemOf(id, request.auth!.id), message: msg.created });
    },
  );

  app.patch(
    '/v1/affiliates/:id',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags, summary: "Edit an affiliate's name, email and contact details", security, params: idParamsSchema, body: affiliateUpdateSchema, response: { 200: affiliateReplySchema, ...errors } },
    },
    async (request) => {
      await updateAffiliate(app.db, actorOf(request), request.params.id, request.body);
      return { data: await itemOf(request.params.id, request.auth!.id), message: msg.updated };
    },
  );

  app.get(
    '/v1/affiliates/managers',
    {
      onRequest: requireAccess(app, staff('affiliates')),
      schema: { tags, summary: 'Staff users who can manage affiliates', security, response: { 200: managerListReplySchema, ...errors } },
    },
    async () => ({ data: await listManagers(app.db) }),
  );

  app.get(
    '/v1/affiliates/signup-approval',
    {
      onRequest: requireAccess(app, staff('affiliates', 'settings')),
      schema: { tags, summary: 'Whether new affiliates wait for approval', security, response: { 200: signupApprovalReplySchema, ...errors } },
    },
    async () => ({ data: { required: await signupApprovalRequired(app.db) } }),
  );

  app.put(
    '/v1/affiliates/signup-approval',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: { tags, summary: 'Turn sign-up approval on or off (staff with settings)', security, body: signupApprovalSchema, response: { 200: signupApprovalReplySchema, ...errors } },
    },
    async (request) => {
      await setSignupApprovalRequired(app.db, actorOf(request), request.body.required);
      return { data: { required: request.body.required } };
    },
  );

  app.post(
    '/v1/affiliates/:id/login-as',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: {
        tags,
        summary: 'A single-use code (2 minutes) to open a marked session as this affiliate: read-only unless `with_changes`, with a reason',
        security,
        params: idParamsSchema,
        body: loginAsRequestSchema,
        response: { 200: loginAsCodeReplySchema, ...errors },
      },
    },
    async (request) => {
      const { code, expiresIn } = await createLoginAsCode(authDeps(app), request.auth!.id, request.params.id, {
        reason: request.body.reason,
        withChanges: request.body.with_changes,
      });
      return { data: { code, expires_in: expiresIn } };
    },
  );

  app.get(
    '/v1/login-as/session',
    {
      onRequest: requireAccess(app, signedIn),
      schema: {
        tags,
        summary: 'The login-as session the caller is in (affiliate, staff, read-only, reason), or null: the banner "Viewing as <affiliate> — <staff>"',
        security,
        response: { 200: impersonationReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => ({ data: request.auth!.impersonatorId ? await impersonationOf(app.db, request.auth!.sessionId) : null }),
  );

  await app.register(affiliateActionRoutes);
};
