import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { trackingMessages, withoutUnstorable } from '@portal/contracts';
import { isDatabaseLost } from '../../db/failover.ts';
import { sha256 } from '../../lib/secrets.ts';
import { newClickIdAt } from './click-id.ts';
import { clientIp } from './client-ip.ts';
import { chooseSmartEntry, type ClickCap, destinationFor, fallbackReasonFor, isSmartLinkCode, LinkCache, type ResolvedLink, subKeys, withClickId } from '../links/index.ts';
import { ClickCapCounter, FullCaps } from '../caps/index.ts';
import { statsDay } from '../../lib/days.ts';
import { ClickWriter } from './click-writer.ts';
import { startClickScreening } from '../fraud/index.ts';
import { OfferEpc } from './epc.ts';
import { describeVisitor, type Visitor } from '../../lib/visitor.ts';
import { LINK_CACHE_TTL_MS } from '../links/index.ts';

/** What serving a click needs from its request, wherever it came from. */
export interface ClickRequest {
  code: string;
  /** The query string with its `?`, or ''. */
  search: string;
  ip: string;
  method: string;
  headers: IncomingHttpHeaders;
}

const CODE = /^[A-Za-z0-9_-]{4,16}$/;
/** A click's path as the raw server sees it: `/t/{code}`, an optional trailing slash, then the query. */
const CLICK_URL = /^\/t\/([A-Za-z0-9_-]{4,16})\/?(?:\?|$)/;

function page(res: ServerResponse, status: number, title: string, text: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1115;color:#e8eaf0;font-family:system-ui,sans-serif;text-align:center;padding:16px}a{color:#a78bfa}</style></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  res.writeHead(status, { 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0', ...headers });
  res.end();
}

/** A sub ID as stored: one value, trimmed, without text the database cannot hold, at most 255 characters. */
function subOf(params: URLSearchParams | null, key: string): string | null {
  if (!params) return null;
  const values = params.getAll(key);
  if (values.length !== 1) return null;
  const v = withoutUnstorable(values[0]!).trim();
  return v === '' ? null : v.slice(0, 255);
}

/**
 * GET /t/{code}: records the click (committed in a batch before answering) and redirects to the
 * destination with the click id. The same handler serves it from the route (tests, anything the
 * raw path leaves) and straight from the HTTP server (`rawClick`, registered by app.ts), which skips
 * the framework's routing, hooks and reply objects on the busiest path of the network.
 */
export async function registerClickRoutes(app: FastifyInstance): Promise<(req: IncomingMessage, res: ServerResponse) => boolean> {
  const writer = new ClickWriter(app.db, app.log, { dataDir: app.config.dataDir, spool: app.config.clickSpool, available: app.dbAvailable });
  const links = new LinkCache(app.db, LINK_CACHE_TTL_MS, app.dbAvailable);
  const screen = await startClickScreening(app, LINK_CACHE_TTL_MS);
  const epc = new OfferEpc(app.db);
  app.decorate('clickWriter', writer);
  app.decorate('linkCache', links);
  app.decorate('offerEpc', epc);
  let closing = false;
  // Clicks handed in before shutdown are written and merged before the database closes; from then
  // on the framework answers (503 while it closes).
  app.addHook('preClose', async () => {
    closing = true;
    await writer.close();
  });
  const salt = sha256(`${app.config.jwtSecret}|visitor`);
  const clickCaps = new ClickCapCounter(app.db, app.log);
  clickCaps.start();
  app.decorate('clickCaps', clickCaps);
  // Offers a full hard conversion or payout cap closed: read every second, asked on each click without a query.
  const fullCaps = new FullCaps(app.db, app.log, app.dbAvailable);
  await fullCaps.refresh().catch((err: unknown) => app.log.warn({ err }, 'full caps could not be read'));
  fullCaps.start();
  app.decorate('fullCaps', fullCaps);
  app.addHook('preClose', async () => {
    fullCaps.stop();
    await clickCaps.stop().catch((err: unknown) => app.log.warn({ err }, 'click cap sync failed'));
  });

  /** Counts the click under its link's click caps; false when a hard one is full. A counter that cannot be read lets the click through. */
  async function underClickCaps(caps: readonly ClickCap[], now: Date): Promise<boolean> {
    if (!caps.length) return true;
    // No primary: the counters this instance holds keep counting (added to the shared ones when it is back).
    if (!app.dbAvailable()) return clickCaps.takeKnown(caps, now);
    try {
      return await clickCaps.take(caps, now);
    } catch (err) {
      app.log.warn({ err }, 'click cap unavailable');
      return true;
    }
  }

  /** The offer a click goes to: a tracking link's, or the one a smart link chooses for this visitor. */
  async function resolve(c: ClickRequest): Promise<{ link: ResolvedLink; smartLinkId: number | null; visitor?: Visitor } | { home: string } | null> {
    if (!CODE.test(c.code)) return null;
    if (!isSmartLinkCode(c.code)) {
      const link = await links.get(c.code);
      return link && { link, smartLinkId: null };
    }
    const smart = await links.getSmart(c.code);
    if (!smart) return null;
    if (!smart.affiliateActive) return { home: smart.homeUrl };
    const visitor = await describeVisitor(c, salt, app.config.cdnCountryHeader);
    const entry = chooseSmartEntry(smart, visitor, smart.mode === 'epc' ? (offerId) => epc.of(offerId) : undefined);
    return entry ? { link: entry.link, smartLinkId: smart.id, visitor } : { home: smart.homeUrl };
  }

  async function serveClick(c: ClickRequest, res: ServerResponse): Promise<void> {
    let found: Awaited<ReturnType<typeof resolve>>;
    try {
      found = await resolve(c);
    } catch (err) {
      // A link this instance never read, while no primary answers: the visitor goes to the network's
      // fallback (else its home page), counted by nothing.
      if (!isDatabaseLost(err)) throw err;
      return redirect(res, links.networkFallbackUrl ?? `${app.config.publicUrl}/`);
    }
    if (!found) return page(res, 404, 'Link not found', trackingMessages.badLink);
    // Traffic is not lost: the visitor still reaches the site, but nothing is counted.
    if ('home' in found) return redirect(res, found.home);
    const { link, smartLinkId } = found;
    const visitor = found.visitor ?? (await describeVisitor(c, salt, app.config.cdnCountryHeader));
    const now = new Date();
    const invalidReason = screen.screen({ isBot: visitor.isBot, ip: c.ip, visitorHash: visitor.visitorHash, linkKey: smartLinkId ? `s${smartLinkId}` : `l${link.linkId}` }, now.getTime());
    const diverted = invalidReason !== null && screen.current().actions[invalidReason] === 'fallback';
    const cid = newClickIdAt(now.getTime());
    // A click that cannot go to its offer goes to the fallback (never a dead end), stored with why.
    // An invalid click diverted by staff's setting goes there too, kept out of the click caps and counted as invalid.
    // A full hard cap on conversions or payout closes the offer too: its clicks could not be paid.
    const fallbackReason =
      fallbackReasonFor(link) ?? (diverted || (!fullCaps.closes(link.offerId, link.affiliateId, now.getTime()) && (await underClickCaps(link.clickCaps, now))) ? null : 'offer_capped');
    const toFallback = fallbackReason !== null || diverted;
    const destination = toFallback ? { url: link.fallbackUrl, landingPageId: null } : destinationFor(link, visitor.country);
    // A click without a query has no sub IDs: nothing to parse.
    const params = c.search.length > 1 ? new URLSearchParams(c.search) : null;
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
        sub1: subOf(params, subKeys[0]),
        sub2: subOf(params, subKeys[1]),
        sub3: subOf(params, subKeys[2]),
        sub4: subOf(params, subKeys[3]),
        sub5: subOf(params, subKeys[4]),
        country: visitor.country,
        device: visitor.device,
        visitorHash: visitor.visitorHash,
        isBot: visitor.isBot,
        fallbackReason,
        invalidReason,
        smartLinkId,
      });
    } catch {
      // Nothing is earned on a fallback click: the visitor is sent on even when it could not be stored.
      if (toFallback) return redirect(res, destination.url);
      return page(res, 503, 'Please try again', 'We could not record your visit. Please try again in a moment.');
    }
    // A fallback carries no click id: nothing reported on it can earn on an offer the click never reached.
    redirect(res, toFallback ? destination.url : withClickId(destination.url, cid), { 'Referrer-Policy': 'no-referrer' });
  }

  /** Never throws: whatever fails after the answer began is the visitor's connection, not the click. */
  async function serve(c: ClickRequest, res: ServerResponse): Promise<void> {
    try {
      await serveClick(c, res);
    } catch (err) {
      app.log.error({ err }, 'click failed');
      if (!res.headersSent) page(res, 503, 'Please try again', 'We could not record your visit. Please try again in a moment.');
    }
  }

  // A visitor is always sent on: text the database cannot store is dropped from the sub IDs, not refused.
  app.get('/t/:code', { schema: { hide: true }, helmet: false, config: { unstorableText: 'strip' } }, async (request, reply) => {
    reply.hijack();
    const q = request.url.indexOf('?');
    await serve({ code: (request.params as { code: string }).code, search: q >= 0 ? request.url.slice(q) : '', ip: request.ip, method: request.method, headers: request.headers }, reply.raw);
  });

  const trustProxy = app.config.trustProxy;
  return (req, res) => {
    if (closing || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = req.url ?? '';
    const match = url.startsWith('/t/') ? CLICK_URL.exec(url) : null;
    if (!match) return false;
    const q = url.indexOf('?');
    void serve({ code: match[1]!, search: q >= 0 ? url.slice(q) : '', ip: clientIp(req, trustProxy), method: req.method, headers: req.headers }, res);
    return true;
  };
}
