import { apiModule } from '../../lib/module.ts';
import { termsRoutes } from './routes.ts';

/** The terms module: the Terms of Service in force, each affiliate's acceptances, and asking again after a new version. */
export const termsModule = apiModule('terms', async (app) => {
  await app.register(termsRoutes);
});
