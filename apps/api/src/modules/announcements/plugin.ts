import { apiModule } from '../../lib/module.ts';
import { announcementRoutes } from './routes.ts';

/** The announcements module: news for affiliates. */
export const announcementsModule = apiModule('announcements', async (app) => {
  await app.register(announcementRoutes);
});
