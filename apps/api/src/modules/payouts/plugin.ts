import { apiModule } from '../../lib/module.ts';
import { CLOSE_JOB, closeJob, scheduleNextClose } from './job.ts';
import { payoutRoutes } from './routes.ts';

/** The payouts module: periods, the period close job, approving and paying payouts, statements. */
export const payoutsModule = apiModule('payouts', async (app) => {
  app.jobs.register(CLOSE_JOB, closeJob(app.db, app.log));
  app.addHook('onReady', async () => {
    await scheduleNextClose(app.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule the next period close'));
  });
  await app.register(payoutRoutes);
});
