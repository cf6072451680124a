import {
  affiliateSummaryReplySchema,
  errorReplySchema,
  idParamsSchema,
  profileAppealRequestSchema,
  profileFormOptionsSchema,
  profileIncludes,
  profileMessages,
  profileReplySchema,
  profileReviewReplySchema,
  profileUpdateSchema,
  promotionMethods,
  rejectProfileInfoRequestSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sites } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { readForm } from '../../plugins/multipart.ts';
import { anyone, client, ofAffiliate, signedIn, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { FILE_REQUIREMENTS } from '../uploads/index.ts';
import { removeAvatar, replaceAvatar } from './avatar.ts';
import { countries } from './countries.ts';
import { appealProfileInfo, approveProfileInfo, emailProfileInfoRejected, rejectProfileInfo } from './review.ts';
import { getProfile, updateProfile } from './service.ts';
import { affiliateSummary } from './summary.ts';
import { scopeOf } from '../../lib/scope.ts';
import { targetQuery, targetUserId } from '../../lib/target.ts';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };

const includeQuery = targetQuery.extend({
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

/**
 * The profile: the signed-in user's own, or (`?user_id=`, staff with `affiliates`) an affiliate's
 * for Affiliate Details; the staff review of an affiliate's details and the affiliate's appeal.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { auth?: { id: number; impersonatorId: number | null } | undefined }) => request.auth!.impersonatorId ?? request.auth!.id;

  app.get(
    '/v1/user/profile',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: 'The signed-in user (or, for staff with affiliates, the affiliate user_id), with the relations asked for in include', security, querystring: includeQuery, response: { 200: profileReplySchema, ...errors } },
    },
    async (request) => {
      const userId = await targetUserId(app.db, request, request.query.user_id);
      return { data: await getProfile(app.db, userId, userId === request.auth!.id ? request.auth!.sessionId : '', request.query.include) };
    },
  );

  app.post(
    '/v1/user/profile',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: "Update the signed-in user's details (staff with affiliates: the affiliate user_id's)", security, querystring: includeQuery, body: profileUpdateSchema, response: { 200: profileReplySchema.extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const userId = await targetUserId(app.db, request, request.query.user_id);
      const own = userId === request.auth!.id;
      // Two-step sign-in is its own call with the current password (PUT /v1/user/two-step), never a profile field.
      const body = request.body;
      await updateProfile(app.db, userId, body);
      await recordEvent(app.db, 'profile.updated', { actorId: actor(request), subjectId: userId, ip: request.ip, data: { fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined) } });
      return { data: await getProfile(app.db, userId, own ? request.auth!.sessionId : '', request.query.include), message: profileMessages.saved };
    },
  );

  app.post(
    '/v1/user/avatar',
    {
      onRequest: requireAccess(app, signedIn),
      schema: {
        tags,
        summary: 'Replace the avatar (an image checked by its content: jpg, png, svg or gif up to 2 MB)',
        description: 'multipart/form-data: avatar (file)',
        security,
        querystring: targetQuery,
        response: { 200: profileReplySchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const userId = await targetUserId(app.db, request, request.query.user_id);
      const form = await readForm(request);
      const file = form.files.find((f) => f.field === 'avatar');
      if (!file) throw new ValidationError({ avatar: [FILE_REQUIREMENTS] }, FILE_REQUIREMENTS);
      await replaceAvatar(app.db, app.config, userId, file, request.auth!.id);
      return { data: await getProfile(app.db, userId, '', new Set()), message: profileMessages.saved };
    },
  );

  app.delete(
    '/v1/user/avatar',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: 'Remove the avatar: the initials show again', security, querystring: targetQuery, response: { 200: profileReplySchema.extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const userId = await targetUserId(app.db, request, request.query.user_id);
      await removeAvatar(app.db, app.config, userId);
      return { data: await getProfile(app.db, userId, '', new Set()), message: profileMessages.saved };
    },
  );

  app.post(
    '/v1/user/profile/appeal',
    {
      onRequest: requireAccess(app, client),
      schema: { tags, summary: 'After a rejection: send the corrected details back for review, with a message', security, body: profileAppealRequestSchema, response: { 200: profileReviewReplySchema.extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const review = await appealProfileInfo(app.db, request.auth!.id, request.body.message);
      await recordEvent(app.db, 'profile.appealed', { actorId: actor(request), subjectId: request.auth!.id, ip: request.ip });
      return { data: review, message: profileMessages.appealSent };
    },
  );

  app.post(
    '/v2/affiliates/:id/approve-profile-info',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags: ['affiliates'], summary: "Approve an affiliate's profile info", security, params: idParamsSchema, response: { 200: profileReviewReplySchema.extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const review = await approveProfileInfo(app.db, request.params.id, request.auth!.id);
      await recordEvent(app.db, 'profile.info_approved', { actorId: actor(request), subjectId: request.params.id, ip: request.ip });
      return { data: review, message: 'Profile info approved' };
    },
  );

  app.post(
    '/v2/affiliates/:id/reject-profile-info',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags: ['affiliates'], summary: "Reject an affiliate's profile info with a reason the affiliate reads (on their dashboard and Info tab, and by email)", security, params: idParamsSchema, body: rejectProfileInfoRequestSchema, response: { 200: profileReviewReplySchema.extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const review = await rejectProfileInfo(app.db, request.params.id, request.auth!.id, request.body.reject_reason);
      await recordEvent(app.db, 'profile.info_rejected', { actorId: actor(request), subjectId: request.params.id, ip: request.ip, data: { reason: request.body.reject_reason } });
      await emailProfileInfoRejected({ db: app.db, mailer: app.mailer, config: app.config }, request.params.id, request.body.reject_reason);
      return { data: review, message: 'Profile info rejected' };
    },
  );

  app.get(
    '/v1/affiliates/:id/summary',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags: ['affiliates'], summary: "Affiliate Details: the affiliate's balance, lifetime earnings, clicks and conversions, and the details they share with other affiliates", security, params: idParamsSchema, response: { 200: affiliateSummaryReplySchema, ...errors } },
    },
    async (request) => ({ data: await affiliateSummary(app.db, scopeOf(request.auth!), request.params.id) }),
  );

  // Public: the sign-up form needs the same choices as the profile form.
  app.get(
    '/v1/user/profile/form/options',
    { config: { access: anyone }, schema: { tags, summary: 'Choices for the sign-up and profile forms', response: { 200: profileFormOptionsSchema } } },
    async () => ({
      data: {
        sites: await app.db.select({ id: sites.id, name: sites.name, display_name: sites.displayName }).from(sites).orderBy(sites.displayName),
        methods: promotionMethods.map((value) => ({ value, label: methodLabels[value] })),
        countries: [...countries],
      },
    }),
  );
};
