export { CATALOGUE_SYNC_JOB, lastSyncs } from './job.ts';
export { creativeLabels } from './labels.ts';
