import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_URL_PREFIX, uploadsDir } from './storage.ts';

/**
 * Serves stored uploads. Names are ours (uuid.ext) and the type was checked by content; SVG is
 * additionally served with a sandboxing policy so that nothing in it can run as the site.
 */
export async function registerUploadFiles(app: FastifyInstance): Promise<void> {
  mkdirSync(uploadsDir(app.config), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir(app.config),
    prefix: UPLOAD_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res, filePath) {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
      res.header('X-Content-Type-Options', 'nosniff');
      // Banners and logos are embedded in affiliates' own pages: other sites may load them.
      res.header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (filePath.endsWith('.svg')) res.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });
}
