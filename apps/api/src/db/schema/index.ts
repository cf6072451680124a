export * from './users.ts';
export * from './settings.ts';
export * from './sites.ts';
export * from './affiliates.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './tracking.ts';
export * from './ledger.ts';
