export * from './errors.ts';
export * from './reply.ts';
export * from './health.ts';
export * from './permissions.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './announcements.ts';
export * from './rules/index.ts';
