export { enqueue, enqueueMany, type JobDefinition, JobWorker, notifyEnqueued, type WorkerLog } from './queue.ts';
