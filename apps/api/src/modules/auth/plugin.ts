import { apiModule } from '../../lib/module.ts';
import { provideCredentialCheck } from '../../plugins/auth.ts';
import { authRoutes } from './routes.ts';
import { touchSession } from './sessions.ts';
import { socialRoutes } from './social.ts';

/** The auth module: sign-in, sessions, sign-up (and whether it waits for approval), social sign-in. */
export const authModule = apiModule('auth', async (app) => {
  provideCredentialCheck(app, 'touchSession', touchSession);
  await app.register(authRoutes);
  await app.register(socialRoutes);
});
