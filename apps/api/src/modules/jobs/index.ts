export { enqueue, enqueueMany, enqueueUnlessPending, type JobDefinition, JobWorker, notifyEnqueued, type WorkerLog } from './queue.ts';
