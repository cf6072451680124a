import { apiModule } from '../../lib/module.ts';
import { capRoutes } from './routes.ts';

/** The caps module: caps on offers and their counters (docs/caps.md); their alert email is sent by the email module. */
export const capsModule = apiModule('caps', async (app) => {
  await app.register(capRoutes);
});
