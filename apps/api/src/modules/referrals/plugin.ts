import { apiModule } from '../../lib/module.ts';
import { referralRoutes } from './routes.ts';

/**
 * The referrals module: the referral program (docs/money.md): an affiliate's referral link, the
 * affiliates who signed up through it and what each earned them, and the program's rate. The
 * commission rows themselves are the ledger's (`ledger/referral.ts`), written at the rate read here.
 */
export const referralsModule = apiModule('referrals', async (app) => {
  await app.register(referralRoutes);
});
