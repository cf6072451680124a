export * from './formats/index.ts';
export { createRun } from './create.ts';
export { importStatusFile } from './import.ts';
export { approveRun, markRunSent } from './service.ts';
