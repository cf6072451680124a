import {
  type CatalogueKind,
  catalogueLinkRequestSchema,
  catalogueListReplySchema,
  catalogueQuerySchema,
  catalogueSyncSettingsSchema,
  catalogueSyncSettingsUpdateSchema,
  errorReplySchema,
  feedFields,
  feedInfoReplySchema,
  feedJsonSchema,
  feedQuerySchema,
  idParamsSchema,
  syncStartedReplySchema,
  trackingLinkReplySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { type LocalAnswers, type OutboundPolicy, systemResolver } from '../../lib/safe-fetch.ts';
import { anyone, client, clientOrStaff, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { assertMayGetLinks } from '../links/index.ts';
import { uploadsDir } from '../uploads/index.ts';
import { FeedService, matchesEtag } from './feed.ts';
import { feedInfo, regenerateFeedKey, revoke } from './feed-keys.ts';
import { ImageStore } from './images.ts';
import { documentRoutes } from '../../plugins/document-routes.ts';
import { CATALOGUE_SYNC_JOB, catalogueSyncJob, putSyncInterval, requestSync, scheduleSyncs, syncIntervalSettings } from './job.ts';
import { catalogueLink } from './link.ts';
import { clearFacets, facetsOf, listCatalogue } from './list.ts';

const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const FEED_CACHE_CONTROL = 'public, max-age=300';

const fieldList = feedFields.map((f) => `- \`${f.name}\`: ${f.description}`).join('\n');
const feedDescription = `A public feed of the newest items of the chosen sites, every \`link\` carrying the key owner's tracking.
Paging: \`start\` (0-based) and \`limit\` (1–500, default 100), with \`total\`. \`updated_since\` (ISO 8601) answers only items new or changed after it.
\`sites\`: comma-separated site ids. Answers carry an \`ETag\` and \`Cache-Control: ${FEED_CACHE_CONTROL}\`; send \`If-None-Match\` to get 304 when nothing changed.
A revoked or unknown key answers 404. JSON, XML and RSS 2.0 carry the same items; in XML and RSS every text is escaped.

Fields of each item:
${fieldList}`;

/** What the app hands the catalogue: with demo data, the answers of the demo sites' own catalogue hosts. */
export interface CatalogueOptions {
  localAnswers?: LocalAnswers;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueOptions> = async (app, options) => {
  const allow = new Set(app.config.outboundAllow);
  // The demo sites' catalogue hosts (https://api.<site>.example) are answered by this very app (seed/demo-catalogue.ts).
  const policy: OutboundPolicy = { allow, resolve: systemResolver, ...(options.localAnswers ? { local: options.localAnswers } : {}) };
  const images = new ImageStore(uploadsDir(app.config), policy);
  const base = app.config.catalogueRetryBaseMs;
  app.jobs.register(CATALOGUE_SYNC_JOB, catalogueSyncJob(app.db, { policy, images, retryBaseMs: base }, base * 30));
  if (app.config.jobs.worker) {
    const stop = scheduleSyncs(app.db, app.log);
    app.addHook('onClose', async () => stop());
  }
  const feeds = new FeedService(app.db, app.config.publicUrl);

  documentRoutes<{ minutes: number }>(app, {
    path: '/v1/settings/catalogue-sync',
    access: staff('settings'),
    summaries: { get: "Global Settings: minutes between scheduled syncs of each site's catalogue", put: 'Save Global Settings: the catalogue sync interval (0 turns the schedule off)' },
    body: catalogueSyncSettingsUpdateSchema,
    reply: catalogueSyncSettingsSchema,
    get: () => syncIntervalSettings(app.db),
    put: (input) => putSyncInterval(app.db, input.minutes),
  });

  app.post(
    '/v1/sites/:id/sync',
    { onRequest: requireAccess(app, staff('offers')), schema: { tags: ['sites'], summary: "Sync now: queue a sync of the site's models and scenes from its catalogue APIs", security, params: idParamsSchema, response: { 202: syncStartedReplySchema, ...errors } } },
    async (request, reply) => {
      clearFacets(app.db);
      return reply.code(202).send({ data: await requestSync(app.db, request.params.id) });
    },
  );

  for (const [kind, path] of [
    ['model', 'models'],
    ['scene', 'scenes'],
  ] as const satisfies ReadonlyArray<readonly [CatalogueKind, string]>) {
    const label = kind === 'model' ? 'models (pornstars)' : 'scenes';
    app.get(
      `/v1/creatives/${path}`,
      {
        onRequest: requireAccess(app, clientOrStaff('creatives')),
        schema: {
          tags: ['creatives'],
          summary: `The network's ${label}: search, site, tag and VR filters; newest first or by what converts (earnings per click, last 30 days)`,
          security,
          querystring: catalogueQuerySchema,
          response: { 200: catalogueListReplySchema, ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        const [page, facets] = await Promise.all([listCatalogue(app.db, kind, q), facetsOf(app.db, kind)]);
        return { data: page.items, meta: { total: page.total, page: q.page, per_page: q.per_page, facets } };
      },
    );
    app.post(
      `/v1/creatives/${path}/:id/tracking-link`,
      {
        onRequest: requireAccess(app, client),
        schema: {
          tags: ['creatives'],
          summary: `The signed-in affiliate's deep tracking link to one of the ${label}' pages, carrying the creative's id`,
          security,
          params: idParamsSchema,
          body: catalogueLinkRequestSchema.nullish(),
          response: { 200: trackingLinkReplySchema, ...errors },
        },
      },
      async (request) => ({ data: await catalogueLink(app.db, app.config.publicUrl, request.auth!.id, kind, request.params.id, request.body ?? {}) }),
    );
  }

  const info = (affiliateId: number) => feedInfo(app.db, affiliateId, app.config.publicUrl);
  app.get(
    '/v1/creatives/feeds',
    { onRequest: requireAccess(app, client), schema: { tags: ['creatives'], summary: "The signed-in affiliate's feed URLs (JSON, XML, RSS) and the fields each item has", security, response: { 200: feedInfoReplySchema, ...errors } } },
    async (request) => ({ data: await info(request.auth!.id) }),
  );
  app.post(
    '/v1/creatives/feeds',
    { onRequest: requireAccess(app, client), schema: { tags: ['creatives'], summary: 'Make a new feed key; the previous key (if any) stops working at once', security, response: { 201: feedInfoReplySchema, ...errors } } },
    async (request, reply) => {
      // A feed's every link is a tracking link: a sign-up waiting for approval gets none yet.
      await assertMayGetLinks(app.db, request.auth!.id);
      feeds.forget(await regenerateFeedKey(app.db, request.auth!.id));
      return reply.code(201).send({ data: await info(request.auth!.id) });
    },
  );
  app.delete(
    '/v1/creatives/feeds',
    { onRequest: requireAccess(app, client), schema: { tags: ['creatives'], summary: 'Revoke the feed key: its feed URLs answer 404 from now on', security, response: { 200: feedInfoReplySchema, ...errors } } },
    async (request) => {
      feeds.forget(await revoke(app.db, request.auth!.id));
      return { data: await info(request.auth!.id) };
    },
  );

  for (const file of ['scenes', 'models'] as const) {
    for (const format of ['json', 'xml', 'rss'] as const) {
      app.get(
        `/feeds/:feed_key/${file}.${format}`,
        {
          helmet: false,
          onRequest: requireAccess(app, anyone),
          schema: {
            tags: ['feeds'],
            summary: `Feed of the newest ${file} as ${format.toUpperCase()} (public; the feed key is the credential)`,
            description: feedDescription,
            security: [],
            params: z.object({ feed_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
            querystring: feedQuerySchema,
            response: { 200: format === 'json' ? feedJsonSchema : z.string().describe(`${format.toUpperCase()} document`), 304: z.null().describe('Not modified'), 404: errorReplySchema, 422: errorReplySchema },
          },
        },
        async (request, reply) => {
          const answer = await feeds.get(request.params.feed_key, file === 'scenes' ? 'scene' : 'model', format, request.query);
          if (!answer) throw new NotFoundError('This feed does not exist or its key was revoked.');
          reply.header('ETag', answer.etag).header('Cache-Control', FEED_CACHE_CONTROL).header('Access-Control-Allow-Origin', '*').header('X-Content-Type-Options', 'nosniff');
          if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(null);
          return reply.code(200).type(answer.contentType).serializer((p: unknown) => p as string).send(answer.body);
        },
      );
    }
  }
};
