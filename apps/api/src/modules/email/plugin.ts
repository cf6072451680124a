import { apiModule } from '../../lib/module.ts';
import { registerCapAlertJob } from './cap-alert.ts';
import { registerOptionalEmailJobs } from './optional-jobs.ts';
import { emailTemplateRoutes } from './routes.ts';

/** The email module: email templates, sending, preferences and the optional emails' jobs (the periodic ones are the notifications module's). */
export const emailModule = apiModule('email', async (app) => {
  registerOptionalEmailJobs(app);
  registerCapAlertJob(app);
  await app.register(emailTemplateRoutes);
});
