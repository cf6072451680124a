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

export { closePeriod } from './close.ts';
export { networkDetails } from './documents.ts';
export { BACKUP_WITHHOLDING_SETTING, backupWithholdingBp, loadTerms } from './eligibility.ts';
export { laDate, periodEnd, periodOf, periodStart } from './periods.ts';
export { rows } from './sql.ts';
export { approvePayout, markPayoutPaid, releaseFixedHolds } from './transitions.ts';
export { applyMethodFees, inOpenRun, markRunPayoutsPaid, returnPaidPayout, setPayoutMethods } from './run-transitions.ts';
export { nextClose } from './balance.ts';
export { invoiceNumber } from './queries.ts';
