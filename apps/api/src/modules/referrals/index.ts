export { REFERRAL_RATE_KEY, referralRateSql } from './program.ts';
export { referralCodeOf, referrerOf } from './code.ts';
export { withheldPending, withheldValueSql } from './withheld.ts';
