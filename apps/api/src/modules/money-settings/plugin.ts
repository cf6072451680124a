import { apiModule } from '../../lib/module.ts';
import { moneySettingsRoutes } from './routes.ts';

/** The money-settings module: payment methods, banks and the money settings. */
export const moneySettingsModule = apiModule('money-settings', async (app) => {
  await app.register(moneySettingsRoutes);
});
