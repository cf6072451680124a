// The periodic emails are run by the job queue only: nothing here for other modules.
export {};
