import { apiModule } from '../../lib/module.ts';
import { provideCredentialCheck } from '../../plugins/auth.ts';
import { authenticateApiToken } from './api-tokens.ts';
import { emailPreferenceRoutes } from './email-routes.ts';
import { profileRoutes } from './routes.ts';
import { securityRoutes } from './security-routes.ts';

/** The profile module: the profile, security (sessions, personal API tokens) and email preference screens. */
export const profileModule = apiModule('profile', async (app) => {
  provideCredentialCheck(app, 'apiToken', authenticateApiToken);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(emailPreferenceRoutes);
});
