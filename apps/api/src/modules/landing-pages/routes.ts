import {
  errorReplySchema,
  idParamsSchema,
  landingPageFormSchema,
  landingPageInputSchema,
  landingPageListReplySchema,
  landingPageMessages as msg,
  landingPageReplySchema,
  landingPagesQuerySchema,
  landingPagesWithImagesQuerySchema,
  landingPageWithImagesListReplySchema,
  landingPageWithImagesReplySchema,
  listMeta,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { clientOrStaff, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { readForm } from '../../plugins/multipart.ts';
import { createLandingPage, deleteLandingPage, listLandingPages, toLandingPage, updateLandingPage } from './service.ts';
import { getLandingPageWithImages, listLandingPagesWithImages } from './with-images.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const security = [{ bearer: [] }];

/**
 * Landing pages, one service behind two sets of routes: the offers' (JSON, staff with `offers`)
 * and the creatives' (multipart with the preview images, staff with `creatives`).
 */
export const landingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['offers'];
  app.get(
    '/v1/landing-pages',
    {
      onRequest: requireAccess(app, clientOrStaff('offers'), { tokenScope: 'offers:read' }),
      schema: { tags, summary: 'Landing pages, paged, filtered (by site, by name) and sorted', security, querystring: landingPagesQuerySchema, response: { 200: landingPageListReplySchema, ...errors } },
    },
    async (request) => listLandingPages(app.db, request.query),
  );

  app.post(
    '/v1/landing-pages',
    { onRequest: requireAccess(app, staff('offers')), schema: { tags, summary: 'Create a landing page', security, body: landingPageInputSchema, response: { 201: landingPageReplySchema, ...errors } } },
    async (request, reply) => {
      const data = toLandingPage(await createLandingPage(app.db, app.config, request.auth!.id, request.body, []));
      await recordChange(request, 'landing_page.created', { objectId: data.id, after: data });
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/v1/landing-pages/:id',
    { onRequest: requireAccess(app, staff('offers')), schema: { tags, summary: 'Update a landing page', security, params: idParamsSchema, body: landingPageInputSchema, response: { 200: landingPageReplySchema, ...errors } } },
    async (request) => {
      const { before, after } = await updateLandingPage(app.db, app.config, request.auth!.id, request.params.id, request.body, []);
      const data = toLandingPage(after);
      await recordChange(request, 'landing_page.updated', { objectId: data.id, before: toLandingPage(before), after: data });
      return { data };
    },
  );
};

/** The creatives' routes of landing pages: the same pages with their desktop and mobile preview images. */
export const landingPageImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['creatives'];
  const errors413 = { ...errors, 413: errorReplySchema };
  const deleted = z.object({ data: z.object({ message: z.string() }) });
  const landingNote = 'multipart/form-data: site_id, name, url, description, language, rating, desktop_image and mobile_image (files: jpg, jpeg, png up to 2 MB), desktop_image_deleted, mobile_image_deleted';

  app.get(
    '/v1/creatives/landing-pages',
    {
      onRequest: requireAccess(app, clientOrStaff('creatives')),
      schema: { tags, summary: 'Landing pages with their desktop and mobile preview images, best rated first', security, querystring: landingPagesWithImagesQuerySchema, response: { 200: landingPageWithImagesListReplySchema, ...errors413 } },
    },
    async (request) => {
      const { items, total } = await listLandingPagesWithImages(app.db, request.query);
      return { data: items, meta: listMeta(request.query, total) };
    },
  );
  app.post(
    '/v1/creatives/landing-pages',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Create a landing page with its preview images', description: landingNote, security, response: { 201: landingPageWithImagesReplySchema, ...errors413 } } },
    async (request, reply) => {
      const form = await readForm(request);
      const row = await createLandingPage(app.db, app.config, request.auth!.id, parseOrThrow(landingPageFormSchema, form.fields), form.files);
      const data = await getLandingPageWithImages(app.db, row.id);
      await recordChange(request, 'landing_page.created', { objectId: data.id, after: data });
      return reply.code(201).send({ data, message: msg.created });
    },
  );
  app.patch(
    '/v1/creatives/landing-pages/:id',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Update a landing page and its preview images', description: landingNote, security, params: idParamsSchema, response: { 200: landingPageWithImagesReplySchema, ...errors413 } } },
    async (request) => {
      const form = await readForm(request);
      const { before } = await updateLandingPage(app.db, app.config, request.auth!.id, request.params.id, parseOrThrow(landingPageFormSchema, form.fields), form.files);
      const data = await getLandingPageWithImages(app.db, request.params.id);
      await recordChange(request, 'landing_page.updated', { objectId: data.id, before, after: data });
      return { data, message: msg.updated };
    },
  );
  app.delete(
    '/v1/creatives/landing-pages/:id',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Delete a landing page (offers and links using it fall back to the default)', security, params: idParamsSchema, response: { 200: deleted, ...errors413 } } },
    async (request) => {
      const before = await deleteLandingPage(app.db, app.config, request.params.id);
      await recordChange(request, 'landing_page.deleted', { objectId: before.id, before });
      return { data: { message: msg.deleted } };
    },
  );
};
