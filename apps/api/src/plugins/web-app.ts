import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@portal/contracts';
import { type Seo, type SeoPage, seoPagePaths, seoPages } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { HomeData } from '@portal/contracts';
import type { Db } from '../db/client.ts';
import { sendError } from './errors.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Puts the title, description and social tags into the HTML the server sends, so crawlers that
 * run no JavaScript see them.
 */
export function renderIndexHtml(template: string, seo: Seo, pageUrl: string, imageUrl: string): string {
  const t = escapeHtml(seo.title);
  const d = escapeHtml(seo.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${t}" />`,
    `<meta property="og:description" content="${d}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${t}" />`,
    `<meta name="twitter:description" content="${d}" />`,
    ...(seo.content ? [`<meta name="keywords" content="${escapeHtml(seo.content)}" />`] : []),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${t}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${d}" />`)
    .replace('</head>', () => `  ${tags}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root"></div>\n    <noscript><main><h1>${t}</h1><p>${d}</p>${seo.content ? `<p>${escapeHtml(seo.content)}</p>` : ''}</main></noscript>`);
}

/** The network's name (Global Settings, Network details) in the page, for the app's header, footer and tab titles. */
export function withBrand(html: string, name: string): string {
  return html.replace('</head>', () => `  <meta name="application-name" content="${escapeHtml(name)}" />\n  </head>`);
}

/**
 * The home page's live network and programs, in the page itself (`#home-data`), so its first paint
 * shows them without a request. `<` is escaped so nothing in a site's text can close the script.
 */
export function withHomeData(html: string, home: HomeData): string {
  const json = JSON.stringify(home).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  // A function, so `$&` or `$'` in a site's text is not read as a replacement pattern.
  return html.replace('</body>', () => `<script id="home-data" type="application/json">${json}</script>\n</body>`);
}

/** The public page an address shows, for its SEO; any other address is the app and gets the home page's. */
export function seoPageOf(url: string): SeoPage {
  const path = (url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  return seoPages.find((p) => seoPagePaths[p] === path) ?? 'home';
}

/** Bumped when Global Settings, SEO or Network details is saved, so the next page served carries it at once. */
let seoGeneration = 0;
export const seoChanged = () => {
  seoGeneration++;
};

const buildingPage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta http-equiv="refresh" content="3" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
  '<title>Starting…</title></head><body style="font-family: system-ui, sans-serif; background: #121212; color: #eee; padding: 2rem">' +
  '<h1>The portal is starting</h1><p>The web app is being built; this page reloads itself in a few seconds.</p></body></html>';

/** Paths that belong to the API; everything else is the web app's. */
export const apiPathPrefixes = ['/v1/', '/v2/', '/api/', '/health', '/t/', '/uploads/', '/billers/'] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return apiPathPrefixes.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

/** What a served page carries from the public website; the public-site module gives it (plugins import no module). */
export interface PublicPageData {
  seo: (db: Db, page: SeoPage) => Promise<Seo>;
  home: (db: Db) => Promise<HomeData>;
  /** The network's one brand name (Global Settings, Network details). */
  brand: (db: Db) => Promise<string>;
}

/**
 * Serves the built web app from the same origin: hashed assets with long-lived cache headers,
 * and index.html (never cached) for every other GET, so the SPA's router shows its own 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, pageData: PublicPageData, webDistPending?: string): Promise<void> {
  let indexHtml: string | undefined;
  const setHeaders = (res: { header: (name: string, value: string) => unknown }, filePath: string) => {
    if (filePath.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (filePath.endsWith('index.html')) res.header('Cache-Control', 'no-cache');
    else res.header('Cache-Control', 'public, max-age=3600');
  };
  if (webDist) {
    indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      // Brotli or gzip copies written at build time (scripts/compress-dist.ts), when the browser accepts them.
      preCompressed: true,
      setHeaders,
    });
  } else if (webDistPending) {
    // The build is written while the server runs: files are looked up per request (a wildcard route),
    // and the page's template is read once the build's index.html is there.
    // A directory (`/` above all) is no file: its request goes on to the page (or the building page)
    // below, where the wildcard route would answer 403 for a directory without an index.
    mkdirSync(webDistPending, { recursive: true });
    await app.register(fastifyStatic, { root: webDistPending, wildcard: true, index: false, serve: true, preCompressed: true, setHeaders, allowedPath: (path) => !path.endsWith('/') });
  }
  const template = (): string | undefined => {
    if (indexHtml === undefined && webDistPending && existsSync(join(webDistPending, 'index.html'))) indexHtml = readFileSync(join(webDistPending, 'index.html'), 'utf8');
    return indexHtml;
  };

  // Settings change rarely: each rendered page is reused for a few seconds, or until SEO is saved here.
  const cached = new Map<SeoPage, { html: string; home: string; at: number; generation: number }>();
  const page = async (url: string): Promise<string> => {
    const shell = template();
    if (!shell) return '';
    const which = seoPageOf(url);
    let hit = cached.get(which);
    if (!hit || Date.now() - hit.at > 5000 || hit.generation !== seoGeneration) {
      const generation = seoGeneration;
      const seo = await pageData.seo(app.db, which).catch(() => undefined);
      const home = which === 'home' ? await pageData.home(app.db).catch(() => undefined) : undefined;
      const base = app.config.publicUrl;
      const brand = await pageData.brand(app.db).catch(() => undefined);
      const rendered = seo ? renderIndexHtml(shell, seo, `${base}${seoPagePaths[which]}`, `${base}/og-image.png`) : shell;
      const html = brand ? withBrand(rendered, brand) : rendered;
      hit = { html, home: home ? withHomeData(html, home) : html, at: Date.now(), generation };
      cached.set(which, hit);
    }
    return (url.split('?')[0] ?? '') === '/' ? hit.home : hit.html;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (wantsPage && template() === undefined && webDistPending) {
      // A page asked for while `npm start` builds the web app: it reloads itself until the build is in.
      return reply.code(503).header('Cache-Control', 'no-store').header('Retry-After', '3').type('text/html; charset=utf-8').send(buildingPage);
    }
    if (wantsPage && template() !== undefined) {
      const lastSegment = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
      // A missing asset (a file name with an extension) is a real 404, not the app shell.
      if (!/\.[a-z0-9]{1,8}$/i.test(lastSegment)) {
        return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(await page(request.url));
      }
    }
    return sendError(reply, {
      error_code: 'not_found',
      message: isApiPath(request.url) ? errorMessages.routeNotFound : errorMessages.notFound,
    });
  });
}
