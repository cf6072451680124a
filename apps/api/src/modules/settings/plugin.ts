import { apiModule } from '../../lib/module.ts';
import { settingsRoutes } from './routes.ts';
import { settingsSectionRoutes } from './section-routes.ts';

/** The settings module: Global Settings and maintenance. */
export const settingsModule = apiModule('settings', async (app) => {
  await app.register(settingsRoutes);
  await app.register(settingsSectionRoutes);
});
