import { apiModule } from '../../lib/module.ts';
import { roleRoutes } from './routes.ts';

/** The roles module: staff roles and staff users. */
export const rolesModule = apiModule('roles', async (app) => {
  await app.register(roleRoutes);
});
