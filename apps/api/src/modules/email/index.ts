export { createMailer, type Mailer } from './mailer.ts';
export { APPEAL_DECIDED_JOB, APPEAL_RECEIVED_JOB, enqueueNewsEmails, enqueuePayoutUpdateEmail } from './optional-jobs.ts';
export { sendOptionalEmail } from './optional.ts';
export { getEmailPreferences, setEmailPreferences, verifyUnsubscribe } from './preferences.ts';
export type { EmailVars } from './render.ts';
export { type EmailDeps, sendEmail } from './send.ts';
export { SIGNUP_REVIEW_NOTE } from './samples.ts';
