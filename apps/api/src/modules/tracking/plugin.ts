import { apiModule } from '../../lib/module.ts';
import { ensureClickPartitions, scheduleClickPartitions } from './partitions.ts';

/** The tracking module: the statistics rollup, statistics days, money units and the clicks table's partitions. */
export const trackingModule = apiModule('tracking', async (app) => {
  await ensureClickPartitions(app.db, app.log);
  const stopPartitions = scheduleClickPartitions(app.db, app.log);
  app.addHook('onClose', async () => stopPartitions());
});
