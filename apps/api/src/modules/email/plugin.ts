import { apiModule } from '../../lib/module.ts';
import { registerCapAlertJob } from './cap-alert.ts';
import { registerOptionalEmailJobs } from './optional-jobs.ts';
import { registerPeriodicEmailJobs } from './periodic.ts';
import { emailTemplateRoutes } from './routes.ts';

/** The email module: email templates, sending, preferences and the optional and periodic emails' jobs. */
export const emailModule = apiModule('email', async (app) => {
  registerOptionalEmailJobs(app);
  registerPeriodicEmailJobs(app);
  registerCapAlertJob(app);
  await app.register(emailTemplateRoutes);
});
