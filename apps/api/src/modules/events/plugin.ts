import { apiModule } from '../../lib/module.ts';
import { eventRoutes } from './routes.ts';

/** The events module: the event history. */
export const eventsModule = apiModule('events', async (app) => {
  await app.register(eventRoutes);
});
