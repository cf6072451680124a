import { apiModule } from '../../lib/module.ts';
import { conversionLogActionRoutes } from './log-actions.ts';
import { conversionLogRoutes } from './log.ts';

/**
 * The conversion log (docs/tracking.md): every conversion with its status, amount and earning, for
 * affiliates (their own) and staff, with its CSV (`log.ts`, `log-query.ts`), and staff's actions on
 * one conversion (`log-actions.ts`): reversing it by hand (the conversions' writer, `reverseConversion`)
 * and attaching an orphaned one to a click (`attach.ts`, under the refund rules' lock).
 */
export const conversionLogModule = apiModule('conversion-log', async (app) => {
  await app.register(conversionLogActionRoutes);
  await app.register(conversionLogRoutes);
});
