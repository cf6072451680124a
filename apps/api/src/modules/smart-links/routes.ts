import { errorReplySchema, idParamsSchema as idParams, smartLinkCreateSchema, smartLinkListReplySchema, smartLinkReplySchema, smartLinkUpdateSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertMayGetLinks } from '../links/index.ts';
import { client, ofAffiliate, own, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { createSmartLink, deleteSmartLink, listSmartLinks, updateSmartLink } from './service.ts';

const tags = ['offers'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

/** Smart links: an affiliate's links over several offers, in Offers > Smart links. */
export const smartLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = (r: { auth?: { id: number } | undefined }) => r.auth!.id;
  const publicUrl = app.config.publicUrl;

  app.get(
    '/v1/smart-links',
    { onRequest: requireAccess(app, client, { tokenScope: 'offers:read' }), schema: { tags, summary: "The signed-in affiliate's smart links with their offers, newest first", security, response: { 200: smartLinkListReplySchema, ...errors } } },
    async (request) => ({ data: await listSmartLinks(app.db, owner(request), publicUrl) }),
  );

  // Affiliate Details: staff see an affiliate's smart links, read-only (a limited manager only their assigned affiliates').
  app.get(
    '/v1/affiliates/:id/smart-links',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags, operationId: 'listAffiliateSmartLinks', summary: "An affiliate's smart links with their offers, newest first (staff, read-only)", security, params: idParams, response: { 200: smartLinkListReplySchema, ...errors } },
    },
    async (request) => ({ data: await listSmartLinks(app.db, request.params.id, publicUrl) }),
  );

  app.post(
    '/v1/smart-links',
    {
      onRequest: requireAccess(app, client, { tokenScope: 'offers:read' }),
      schema: {
        tags,
        summary: 'Create a smart link: one address over several offers, chosen per click by weight (or EPC) with targeting',
        description: 'The reply carries `url` (`/t/<code>`); each click on it is an ordinary click on the offer chosen, with the smart link stored on it.',
        security,
        body: smartLinkCreateSchema,
        response: { 201: smartLinkReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await assertMayGetLinks(app.db, owner(request));
      return reply.code(201).send({ data: await createSmartLink(app.db, owner(request), publicUrl, request.body) });
    },
  );

  app.patch(
    '/v1/smart-links/:id',
    {
      onRequest: requireAccess(app, own(client), { tokenScope: 'offers:read' }),
      schema: { tags, summary: 'Change a smart link: its name, mode or offers (given whole)', security, params: idParams, body: smartLinkUpdateSchema, response: { 200: smartLinkReplySchema, ...errors } },
    },
    async (request) => {
      const data = await updateSmartLink(app.db, owner(request), publicUrl, request.params.id, request.body);
      // This instance sends the next click by the new offers at once; others within the cache's lifetime.
      app.linkCache.clear();
      return { data };
    },
  );

  app.delete(
    '/v1/smart-links/:id',
    {
      onRequest: requireAccess(app, own(client), { tokenScope: 'offers:read' }),
      schema: { tags, summary: 'Delete a smart link (its address then sends visitors to a site, uncounted)', security, params: idParams, response: { 200: z.object({ data: z.object({ message: z.string() }) }), ...errors } },
    },
    async (request) => {
      await deleteSmartLink(app.db, owner(request), request.params.id);
      app.linkCache.clear();
      return { data: { message: 'Smart link deleted.' } };
    },
  );
};
