import {
  announcementListQuerySchema,
  announcementMessages,
  announcementSchema,
  errorReplySchema,
  listReply,
  markAsReadSchema,
  id as idRule,
  idParamsSchema as idParams,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOrThrow } from '../../lib/validate.ts';
import { enqueueNewsEmails } from '../email/index.ts';
import { recordChange } from '../../lib/events.ts';
import { client, clientOrStaff, signedIn, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as service from './service.ts';

const tags = ['announcements'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 413: errorReplySchema, 422: errorReplySchema };
const one = z.object({ data: announcementSchema, message: z.string().optional() });
const multipartNote = 'multipart/form-data: title, description (rich text), announcement_url, button_text, image (file), image_deleted (uuids)';

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  // Affiliates read the news (their permissions include `announcements`); staff need the permission.
  const viewer = (r: { auth?: { id: number; isClient: boolean } | undefined }) => ({ id: r.auth!.id, isClient: r.auth!.isClient });

  app.get(
    '/v1/announcements',
    {
      onRequest: requireAccess(app, clientOrStaff('announcements')),
      schema: { tags, summary: 'Announcements, newest first by default; per_page=all for all', security: [{ bearer: [] }], querystring: announcementListQuerySchema, response: { 200: listReply(announcementSchema), ...errors } },
    },
    async (request) => {
      const { items, total, perPage } = await service.listAnnouncements(app.db, viewer(request), request.query);
      return { data: items, meta: { total, page: request.query.page, per_page: perPage } };
    },
  );

  app.get(
    '/v1/announcements/has-unread',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: 'Whether the bell shows its dot', security: [{ bearer: [] }], response: { 200: z.object({ data: z.object({ has_unread: z.boolean() }) }), ...errors } },
    },
    async (request) => ({ data: { has_unread: request.auth!.isClient ? await service.hasUnread(app.db, request.auth!.id) : false } }),
  );

  app.post(
    '/v1/announcements/mark-all-as-read',
    { onRequest: requireAccess(app, client), schema: { tags, summary: 'Mark every announcement read for the signed-in affiliate', security: [{ bearer: [] }], response: { 200: z.object({ data: z.object({ has_unread: z.boolean() }) }), ...errors } } },
    async (request) => {
      await service.markAsRead(app.db, request.auth!.id, 'all');
      return { data: { has_unread: false } };
    },
  );

  app.post(
    '/v1/announcements/mark-as-read',
    {
      onRequest: requireAccess(app, client),
      schema: {
        tags,
        summary: 'Mark announcements read for the signed-in affiliate (ids in the body, or ids/id in the query)',
        security: [{ bearer: [] }],
        querystring: z.object({ ids: z.string().optional(), id: z.string().optional() }),
        body: z.object({ ids: z.array(idRule()).optional() }).nullish(),
        response: { 200: z.object({ data: z.object({ has_unread: z.boolean() }) }), ...errors },
      },
    },
    async (request) => {
      const fromQuery = [request.query.ids, request.query.id].filter(Boolean).join(',').split(',').filter(Boolean);
      const { ids } = parseOrThrow(markAsReadSchema, { ids: [...(request.body?.ids ?? []), ...fromQuery] });
      await service.markAsRead(app.db, request.auth!.id, ids);
      return { data: { has_unread: await service.hasUnread(app.db, request.auth!.id) } };
    },
  );

  app.get(
    '/v1/announcements/:id',
    { onRequest: requireAccess(app, clientOrStaff('announcements')), schema: { tags, summary: 'One announcement', security: [{ bearer: [] }], params: idParams, response: { 200: one, ...errors } } },
    async (request) => ({ data: await service.getAnnouncement(app.db, viewer(request), request.params.id) }),
  );

  app.post(
    '/v1/announcements',
    { onRequest: requireAccess(app, staff('announcements')), schema: { tags, summary: 'Create an announcement', description: multipartNote, security: [{ bearer: [] }], response: { 201: one, ...errors } } },
    async (request, reply) => {
      const id = await service.createAnnouncement(app.db, app.config, request.auth!.id, await readForm(request));
      await enqueueNewsEmails(app.db, id);
      const data = await service.getAnnouncement(app.db, viewer(request), id);
      await recordChange(request, 'announcement.created', { objectId: id, after: data });
      return reply.code(201).send({ data, message: announcementMessages.created });
    },
  );

  app.post(
    '/v1/announcements/:id',
    { onRequest: requireAccess(app, staff('announcements')), schema: { tags, summary: 'Update an announcement', description: multipartNote, security: [{ bearer: [] }], params: idParams, response: { 200: one, ...errors } } },
    async (request) => {
      const before = await service.getAnnouncement(app.db, viewer(request), request.params.id);
      await service.updateAnnouncement(app.db, app.config, request.auth!.id, request.params.id, await readForm(request));
      const data = await service.getAnnouncement(app.db, viewer(request), request.params.id);
      await recordChange(request, 'announcement.updated', { objectId: request.params.id, before, after: data });
      return { data, message: announcementMessages.updated };
    },
  );

  app.delete(
    '/v1/announcements/:id',
    { onRequest: requireAccess(app, staff('announcements')), schema: { tags, summary: 'Delete an announcement', security: [{ bearer: [] }], params: idParams, response: { 200: z.object({ data: z.object({ message: z.string() }) }), ...errors } } },
    async (request) => {
      const before = await service.getAnnouncement(app.db, viewer(request), request.params.id);
      await service.deleteAnnouncement(app.db, app.config, request.params.id);
      await recordChange(request, 'announcement.deleted', { objectId: request.params.id, before });
      return { data: { message: announcementMessages.deleted } };
    },
  );
};
