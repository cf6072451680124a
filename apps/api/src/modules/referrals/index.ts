/**
 * Referrals: the referral program (docs/money.md): an affiliate's referral link, the affiliates who
 * signed up through it and what each earned them, and the program's rate. The commission rows
 * themselves are the ledger's (`ledger/referral.ts`), written at the rate read here.
 */
export { referralRoutes } from './routes.ts';
export { REFERRAL_RATE_KEY, referralRateSql } from './program.ts';
