export * from './empty.ts';
export * from './field.ts';
export * from './text.ts';
export * from './numbers.ts';
export * from './urls.ts';
export * from './refine.ts';
export * from './limits.ts';
export * from './choice.ts';
