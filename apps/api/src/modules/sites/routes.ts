import { errorReplySchema, type Site, siteInputSchema, siteSchema, siteWithKeyReplySchema } from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sites, users } from '../../db/schema/index.ts';
import { Batcher } from '../../lib/batcher.ts';
import { NotFoundError, UniqueError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { requireAuth } from '../../plugins/auth.ts';

type SiteRow = typeof sites.$inferSelect;

/** A site API key: `sk_` + 40 random characters; only its hash is stored. */
export function newSiteKey(): { key: string; hash: string; prefix: string } {
  const key = `sk_${randomToken(30)}`;
  return { key, hash: sha256(key), prefix: key.slice(0, 10) };
}

export async function siteByKey(db: Db, key: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.apiKeyHash, sha256(key)));
  return row;
}

/**
 * `siteByKey` for the conversions endpoint: the keys of the reports arriving together are looked up
 * in one query. Each report still reads the database after it arrives, so a rotated key stops
 * working at once on every instance.
 */
export function siteKeyResolver(db: Db, maxInFlight: number): (key: string) => Promise<SiteRow | undefined> {
  const batcher = new Batcher<string, SiteRow | undefined>(
    async (hashes) => {
      const rows = await db.select().from(sites).where(inArray(sites.apiKeyHash, [...new Set(hashes)]));
      const byHash = new Map(rows.map((r) => [r.apiKeyHash, r]));
      return hashes.map((h) => byHash.get(h));
    },
    { maxInFlight, maxBatch: 500 },
  );
  return (key) => batcher.submit(sha256(key));
}

function toSite(row: SiteRow, manager: { id: number; name: string } | null, staff: boolean): Site {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName,
    url: row.url,
    description: row.description,
    type: row.type,
    manager,
    models_api_url: staff ? row.modelsApiUrl : null,
    scenes_api_url: staff ? row.scenesApiUrl : null,
    message: row.message,
    ...(staff ? { api_key_prefix: row.apiKeyPrefix } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

async function loadSite(db: Db, id: number, staff: boolean): Promise<Site> {
  const [row] = await db.select({ site: sites, managerName: users.name }).from(sites).leftJoin(users, eq(users.id, sites.managerId)).where(eq(sites.id, id));
  if (!row) throw new NotFoundError('Site not found.');
  return toSite(row.site, row.site.managerId && row.managerName ? { id: row.site.managerId, name: row.managerName } : null, staff);
}

const tags = ['sites'];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const idParams = z.object({ id: z.coerce.number().int().positive() });

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireAuth(app, { role: 'staff', permission: 'offers' });
  const anyone = requireAuth(app, { permission: 'offers' });

  app.get(
    '/v1/sites',
    { onRequest: anyone, schema: { tags, summary: 'The network sites (staff also see key prefixes and catalogue URLs)', security: [{ bearer: [] }], response: { 200: z.object({ data: z.array(siteSchema) }), ...errors } } },
    async (request) => {
      const isStaff = !request.auth!.isClient;
      const rows = await app.db.select({ site: sites, managerName: users.name }).from(sites).leftJoin(users, eq(users.id, sites.managerId)).orderBy(asc(sites.displayName));
      return { data: rows.map((r) => toSite(r.site, r.site.managerId && r.managerName ? { id: r.site.managerId, name: r.managerName } : null, isStaff)) };
    },
  );

  app.post(
    '/v1/sites',
    { onRequest: staff, schema: { tags, summary: 'Create a site; answers its API key once', security: [{ bearer: [] }], body: siteInputSchema, response: { 201: siteWithKeyReplySchema, ...errors } } },
    async (request, reply) => {
      const b = request.body;
      const key = newSiteKey();
      const [row] = await app.db
        .insert(sites)
        .values({
          name: b.name,
          displayName: b.display_name,
          url: b.url,
          description: b.description,
          type: b.type,
          managerId: b.manager_id ?? null,
          modelsApiUrl: b.models_api_url,
          scenesApiUrl: b.scenes_api_url,
          message: b.message,
          apiKeyHash: key.hash,
          apiKeyPrefix: key.prefix,
          apiKeyRotatedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: sites.id });
      if (!row) throw new UniqueError('name', 'A site with this name already exists.');
      return reply.code(201).send({ data: { ...(await loadSite(app.db, row.id, true)), api_key: key.key } });
    },
  );

  app.put(
    '/v1/sites/:id',
    { onRequest: staff, schema: { tags, summary: 'Update a site', security: [{ bearer: [] }], params: idParams, body: siteInputSchema, response: { 200: z.object({ data: siteSchema }), ...errors } } },
    async (request) => {
      const b = request.body;
      const [clash] = await app.db.select({ id: sites.id }).from(sites).where(eq(sites.name, b.name));
      if (clash && clash.id !== request.params.id) throw new UniqueError('name', 'A site with this name already exists.');
      const updated = await app.db
        .update(sites)
        .set({
          name: b.name,
          displayName: b.display_name,
          url: b.url,
          description: b.description,
          type: b.type,
          managerId: b.manager_id ?? null,
          modelsApiUrl: b.models_api_url,
          scenesApiUrl: b.scenes_api_url,
          message: b.message,
        })
        .where(eq(sites.id, request.params.id))
        .returning({ id: sites.id });
      if (!updated.length) throw new NotFoundError('Site not found.');
      return { data: await loadSite(app.db, request.params.id, true) };
    },
  );

  app.post(
    '/v1/sites/:id/rotate-key',
    { onRequest: staff, schema: { tags, summary: 'Replace the site API key; the old one stops working at once', security: [{ bearer: [] }], params: idParams, response: { 200: siteWithKeyReplySchema, ...errors } } },
    async (request) => {
      const key = newSiteKey();
      const updated = await app.db
        .update(sites)
        .set({ apiKeyHash: key.hash, apiKeyPrefix: key.prefix, apiKeyRotatedAt: new Date() })
        .where(eq(sites.id, request.params.id))
        .returning({ id: sites.id });
      if (!updated.length) throw new NotFoundError('Site not found.');
      return { data: { ...(await loadSite(app.db, request.params.id, true)), api_key: key.key } };
    },
  );
};
