import { apiModule } from '../../lib/module.ts';
import { registerPeriodicEmailJobs } from './periodic.ts';

/** The notifications module: the periodic emails' jobs (the weekly statistics summary, the announcement digest), sent through the email module. */
export const notificationsModule = apiModule('notifications', async (app) => {
  registerPeriodicEmailJobs(app);
});
