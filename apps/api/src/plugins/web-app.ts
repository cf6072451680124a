import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@portal/contracts';
import type { Seo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { getSeo } from '../modules/public-site/landing.ts';
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
    .replace(/<title>[^<]*<\/title>/, `<title>${t}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${d}" />`)
    .replace('</head>', `  ${tags}\n  </head>`);
}

/** Paths that belong to the API; everything else is the web app's. */
export const apiPathPrefixes = ['/v1/', '/v2/', '/api/', '/health', '/t/', '/uploads/'] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return apiPathPrefixes.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

/**
 * Serves the built web app from the same origin: hashed assets with long-lived cache headers,
 * and index.html (never cached) for every other GET, so the SPA's router shows its own 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  let indexHtml: string | undefined;
  if (webDist) {
    indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      // Brotli or gzip copies written at build time (scripts/compress-dist.ts), when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('index.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  // Settings change rarely: the rendered page is reused for a few seconds.
  let cached: { html: string; at: number } | undefined;
  const page = async (): Promise<string> => {
    if (!indexHtml) return '';
    if (!cached || Date.now() - cached.at > 5000) {
      const seo = await getSeo(app.db).catch(() => undefined);
      const base = app.config.publicUrl;
      cached = { html: seo ? renderIndexHtml(indexHtml, seo, `${base}/`, `${base}/og-image.png`) : indexHtml, at: Date.now() };
    }
    return cached.html;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (wantsPage && indexHtml !== undefined) {
      const lastSegment = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
      // A missing asset (a file name with an extension) is a real 404, not the app shell.
      if (!/\.[a-z0-9]{1,8}$/i.test(lastSegment)) {
        return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(await page());
      }
    }
    return sendError(reply, {
      error_code: 'not_found',
      message: isApiPath(request.url) ? errorMessages.routeNotFound : errorMessages.notFound,
    });
  });
}
