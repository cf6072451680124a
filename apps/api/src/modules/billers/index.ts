// The demo network's biller accounts and posts (seed/demo-billers.ts) go through these.
export { createAccount, listAccounts } from './accounts.ts';
export { creditSubscription } from './credit.ts';
export { type BillerIntake } from './intake.ts';
export { type ReceiveDeps, receivePost } from './receive.ts';
export type { BillerPost } from './formats/index.ts';
export { verotelSignature } from './formats/verotel.ts';
