import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiModule } from '../../lib/module.ts';
import { registerClickRoutes } from './routes.ts';
import { clickSearchRoutes } from './search.ts';

/** The redirect as the HTTP server calls it before the framework: true when it answered. */
export type RawClickHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The clicks module: the redirect (which screens each click through the fraud module's
 * `startClickScreening`), the click search staff attach orphans with, and the click writer. `serveRaw` receives the redirect's handler, which the app's
 * HTTP server calls before the framework's routing (app.ts).
 */
export const clicksModule = apiModule<{ serveRaw: (handler: RawClickHandler) => void }>('clicks', async (app, options) => {
  options.serveRaw(await registerClickRoutes(app));
  await app.register(clickSearchRoutes);
});
