export { enqueue, enqueueFromSql, enqueueMany, enqueueUnlessPending, type JobDefinition, JobWorker, notifyEnqueued, runWaitingNow, type WorkerLog } from './queue.ts';
