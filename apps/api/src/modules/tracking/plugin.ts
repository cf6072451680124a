import { apiModule } from '../../lib/module.ts';
import { ensureClickPartitions, scheduleClickPartitions } from './partitions.ts';

/** The tracking module: the statistics rollup and the clicks table's partitions (statistics days and money units are plumbing: lib/days.ts, lib/money-units.ts). */
export const trackingModule = apiModule('tracking', async (app) => {
  await ensureClickPartitions(app.db, app.log);
  const stopPartitions = scheduleClickPartitions(app.db, app.log);
  app.addHook('onClose', async () => stopPartitions());
});
