import { mailDir, smtpPort } from './env.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** Starts the local SMTP server for the whole run; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startSmtpSink(smtpPort, mailDir);
}
