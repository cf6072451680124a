import { apiModule } from '../../lib/module.ts';
import { EXPIRY_JOB, expiryJob, scheduleExpirySweep } from './expiry-job.ts';
import { reviewDepsOf } from './review.ts';
import { taxFormRoutes } from './routes.ts';

/** The tax-forms module: tax forms, their review and the W-8 expiry job. */
export const taxFormsModule = apiModule('tax-forms', async (app) => {
  app.jobs.register(EXPIRY_JOB, expiryJob(reviewDepsOf(app)));
  app.addHook('onReady', async () => {
    await scheduleExpirySweep(app.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule the tax form expiry sweep'));
  });
  await app.register(taxFormRoutes);
});
