import type { FastifyInstance, FastifyReply } from 'fastify';
import { trackingMessages } from '@portal/contracts';
import { sha256 } from '../../lib/secrets.ts';
import { newClickIdAt } from './click-id.ts';
import { destinationFor, LinkCache, withClickId } from '../links/resolve.ts';
import { subKeys } from '../links/service.ts';
import { statsDay } from '../tracking/day.ts';
import { ClickWriter } from './click-writer.ts';
import { describeVisitor } from './visitor.ts';

function page(reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1115;color:#e8eaf0;font-family:system-ui,sans-serif;text-align:center;padding:16px}a{color:#a78bfa}</style></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const cleanSub = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 255) : null);

/**
 * GET /t/{code}: records the click (committed in a batch before answering) and redirects to the
 * destination with the click id.
 */
export async function registerClickRoutes(app: FastifyInstance): Promise<void> {
  // One batch in flight: the clicks arriving while it commits go together in the next, and each
  // commit's flush to disk (most of the database's cost of a small batch) is shared by more clicks.
  const writer = new ClickWriter(app.db, app.log);
  const links = new LinkCache(app.db);
  app.decorate('clickWriter', writer);
  app.decorate('linkCache', links);
  // Clicks handed in before shutdown are written and merged before the database closes.
  app.addHook('preClose', async () => writer.close());
  const salt = sha256(`${app.config.jwtSecret}|visitor`);

  // A redirect needs none of the page security headers helmet computes for every response.
  // A visitor is always sent on: text the database cannot store is dropped from the sub IDs, not refused.
  app.get('/t/:code', { schema: { hide: true }, helmet: false, config: { unstorableText: 'strip' } }, async (request, reply) => {
    const { code } = request.params as { code: string };
    const link = /^[A-Za-z0-9_-]{4,16}$/.test(code) ? await links.get(code) : null;
    if (!link) return page(reply, 404, 'Link not found', trackingMessages.badLink);
    if (!link.offerActive || !link.campaignActive || !link.affiliateActive) {
      // Traffic is not lost: the visitor still reaches the site, but nothing is counted.
      return reply.code(302).header('Cache-Control', 'no-store').redirect(link.siteUrl);
    }
    const visitor = await describeVisitor(request, salt, app.config.cdnCountryHeader);
    const now = new Date();
    const cid = newClickIdAt(now.getTime());
    const destination = destinationFor(link, visitor.country);
    const query = request.query as Record<string, unknown>;
    const subs = Object.fromEntries(subKeys.map((k) => [k, cleanSub(query[k])])) as Record<(typeof subKeys)[number], string | null>;
    try {
      await writer.write({
        cid,
        createdAt: now,
        day: statsDay(now),
        affiliateId: link.affiliateId,
        offerId: link.offerId,
        siteId: link.siteId,
        campaignId: link.campaignId,
        landingPageId: destination.landingPageId,
        linkId: link.linkId,
        creative: link.creative,
        ...subs,
        country: visitor.country,
        device: visitor.device,
        visitorHash: visitor.visitorHash,
        isBot: visitor.isBot,
      });
    } catch {
      return page(reply, 503, 'Please try again', 'We could not record your visit. Please try again in a moment.');
    }
    return reply.code(302).header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(withClickId(destination.url, cid));
  });
}
