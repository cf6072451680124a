export { CATALOGUE_SYNC_JOB } from './job.ts';
export { creativeLabels } from './labels.ts';
