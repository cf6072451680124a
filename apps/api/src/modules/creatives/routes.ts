import {
  bannerCodeReplySchema,
  bannerCodeRequestSchema,
  bannerFacetsReplySchema,
  bannerListReplySchema,
  bannerReplySchema,
  bannersQuerySchema,
  creativeMessages as msg,
  creativeSiteListReplySchema,
  errorReplySchema,
  idParamsSchema,
  logosQuerySchema,
  logoZipQuerySchema,
  offerLogoReplySchema,
  siteLogoListReplySchema,
  siteLogoReplySchema,
  listMeta,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { client, clientOrStaff, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as banners from './banners.ts';
import { creativeSites } from './files.ts';
import * as logos from './logos.ts';
import * as offerLogo from './offer-logos.ts';

const tags = ['creatives'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 413: errorReplySchema, 422: errorReplySchema };
const deleted = z.object({ data: z.object({ message: z.string() }) });
const meta = listMeta;

/**
 * Creatives (docs/creatives.md; landing pages with their images are the landing-pages module's): everyone with `creatives` reads them; staff with `creatives`
 * write them (multipart: fields plus the file fields named in each description).
 */
export const creativeRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (r: { auth?: { id: number } | undefined }) => r.auth!.id;

  // The sites for the pickers: staff with `creatives` but not `offers` cannot read /v1/sites.
  app.get(
    '/v1/creatives/sites',
    { onRequest: requireAccess(app, clientOrStaff('creatives')), schema: { tags, summary: "Every site's id, name and display name, for the creatives screens' site filters and forms", security, response: { 200: creativeSiteListReplySchema, ...errors } } },
    async () => ({ data: await creativeSites(app.db) }),
  );

  // Banners
  app.get(
    '/v1/creatives/banners',
    { onRequest: requireAccess(app, clientOrStaff('creatives')), schema: { tags, summary: 'Banners, newest first, filtered by site, language, size (exact, bounds on width and height, shape), category, format and lowest rating', security, querystring: bannersQuerySchema, response: { 200: bannerListReplySchema, ...errors } } },
    async (request) => {
      const { items, total } = await banners.listBanners(app.db, request.query);
      return { data: items, meta: meta(request.query, total) };
    },
  );
  app.get(
    '/v1/creatives/banners/facets',
    { onRequest: requireAccess(app, clientOrStaff('creatives')), schema: { tags, summary: 'The languages, sizes, categories and formats the banners have (the filters)', security, response: { 200: bannerFacetsReplySchema, ...errors } } },
    async () => ({ data: await banners.bannerFacets(app.db) }),
  );
  const bannerNote = 'multipart/form-data: site_id, name, language, category, rating, description, size (banner packs only), image (file: jpg, png, gif, svg, zip, rar or 7z up to 2 MB), image_deleted';
  app.post(
    '/v1/creatives/banners',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Create a banner', description: bannerNote, security, response: { 201: bannerReplySchema, ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await banners.createBanner(app.db, app.config, actor(request), await readForm(request)), message: msg.bannerCreated }),
  );
  app.patch(
    '/v1/creatives/banners/:id',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Update a banner', description: bannerNote, security, params: idParamsSchema, response: { 200: bannerReplySchema, ...errors } } },
    async (request) => ({ data: await banners.updateBanner(app.db, app.config, actor(request), request.params.id, await readForm(request)), message: msg.bannerUpdated }),
  );
  app.delete(
    '/v1/creatives/banners/:id',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Delete a banner and its file', security, params: idParamsSchema, response: { 200: deleted, ...errors } } },
    async (request) => {
      await banners.deleteBanner(app.db, app.config, actor(request), request.params.id);
      return { data: { message: msg.bannerDeleted } };
    },
  );
  app.post(
    '/v1/creatives/banners/:id/code',
    {
      onRequest: requireAccess(app, client),
      schema: { tags, summary: "The banner's HTML embed code with the signed-in affiliate's tracking link (offer of the banner's site, campaign and sub IDs optional)", security, params: idParamsSchema, body: bannerCodeRequestSchema, response: { 200: bannerCodeReplySchema, ...errors } },
    },
    async (request) => ({ data: await banners.bannerCode(app.db, app.config.publicUrl, actor(request), request.params.id, request.body) }),
  );

  // Logos
  app.get(
    '/v1/creatives/logos',
    { onRequest: requireAccess(app, clientOrStaff('creatives')), schema: { tags, summary: "Sites' logos (svg, png), by site", security, querystring: logosQuerySchema, response: { 200: siteLogoListReplySchema, ...errors } } },
    async (request) => {
      const { items, total } = await logos.listLogos(app.db, request.query);
      return { data: items, meta: meta(request.query, total) };
    },
  );
  app.get(
    '/v1/creatives/logos/zip',
    {
      onRequest: requireAccess(app, clientOrStaff('creatives')),
      schema: { tags, summary: "Every logo of a site in one zip named after the site", security, querystring: logoZipQuerySchema, produces: ['application/zip'], response: { 200: z.any().describe('application/zip'), ...errors } },
    },
    async (request, reply) => {
      const { fileName, bytes } = await logos.logosZip(app.db, app.config, request.query.site_id);
      return reply.type('application/zip').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'private, no-cache').send(bytes);
    },
  );
  const logoNote = 'multipart/form-data: site_id, name, image (file: svg up to 1 MB, sanitised, or png)';
  app.post(
    '/v1/creatives/logos',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: "Add a site's logo", description: logoNote, security, response: { 201: siteLogoReplySchema, ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await logos.createLogo(app.db, app.config, actor(request), await readForm(request)), message: msg.logoCreated }),
  );
  app.patch(
    '/v1/creatives/logos/:id',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Update a logo', description: logoNote, security, params: idParamsSchema, response: { 200: siteLogoReplySchema, ...errors } } },
    async (request) => ({ data: await logos.updateLogo(app.db, app.config, actor(request), request.params.id, await readForm(request)), message: msg.logoUpdated }),
  );
  app.delete(
    '/v1/creatives/logos/:id',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: 'Delete a logo and its file', security, params: idParamsSchema, response: { 200: deleted, ...errors } } },
    async (request) => {
      await logos.deleteLogo(app.db, app.config, actor(request), request.params.id);
      return { data: { message: msg.logoDeleted } };
    },
  );

  // Offer logos
  app.get(
    '/v1/offers/:id/logo',
    { onRequest: requireAccess(app, clientOrStaff('offers')), schema: { tags, summary: "An offer's logo, or its site's logo when it has none", security, params: idParamsSchema, response: { 200: offerLogoReplySchema, ...errors } } },
    async (request) => ({ data: await offerLogo.getOfferLogo(app.db, request.params.id) }),
  );
  app.post(
    '/v1/offers/:id/logo',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: "Set an offer's logo", description: 'multipart/form-data: logo (file: svg up to 1 MB, sanitised, or jpg, png, gif up to 2 MB)', security, params: idParamsSchema, response: { 200: offerLogoReplySchema, ...errors } } },
    async (request) => ({ data: await offerLogo.setOfferLogo(app.db, app.config, actor(request), request.params.id, await readForm(request)), message: msg.offerLogoSaved }),
  );
  app.delete(
    '/v1/offers/:id/logo',
    { onRequest: requireAccess(app, staff('creatives')), schema: { tags, summary: "Remove an offer's logo (its site's logo shows instead)", security, params: idParamsSchema, response: { 200: offerLogoReplySchema, ...errors } } },
    async (request) => ({ data: await offerLogo.removeOfferLogo(app.db, app.config, actor(request), request.params.id) }),
  );
};
