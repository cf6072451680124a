export * from './users.ts';
export * from './settings.ts';
