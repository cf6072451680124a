import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

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
      setHeaders(res, filePath) {
        if (filePath.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('index.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (wantsPage && indexHtml !== undefined) {
      const lastSegment = (request.url.split('?')[0] ?? '').split('/').pop() ?? '';
      // A missing asset (a file name with an extension) is a real 404, not the app shell.
      if (!/\.[a-z0-9]{1,8}$/i.test(lastSegment)) {
        return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      }
    }
    return sendError(reply, 404, {
      error_code: 'not_found',
      message: isApiPath(request.url) ? errorMessages.routeNotFound : errorMessages.notFound,
    });
  });
}
