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

export { createMailer, type Mailer } from './mailer.ts';
export { enqueueNewsEmails, enqueuePayoutUpdateEmail } from './optional-jobs.ts';
export { sendOptionalEmail } from './optional.ts';
export { getEmailPreferences, setEmailPreferences, verifyUnsubscribe } from './preferences.ts';
export type { EmailVars } from './render.ts';
export { type EmailDeps, sendEmail } from './send.ts';
export { SIGNUP_REVIEW_NOTE } from './samples.ts';
