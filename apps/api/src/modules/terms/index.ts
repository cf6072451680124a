export { acceptedTermsSql, acceptForAll, currentTermsVersion, lastAcceptedTermsSql, recordTermsAcceptance, termsStateOf } from './service.ts';
