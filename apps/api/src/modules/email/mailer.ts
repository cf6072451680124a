import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  /** The sender from Global email; MAIL_FROM when absent. */
  from?: { name: string; address: string };
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on optional emails. */
  headers?: Record<string, string>;
  /** Values in the message that the log must not show (a sign-in code in the subject): written as [redacted]. */
  secrets?: readonly string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/** The message's own secrets replaced, for its log lines (the lines' tokens are redacted by the log itself). */
function withoutSecrets(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of secrets ?? []) if (secret) out = out.replaceAll(secret, '[redacted]');
  return out;
}

/**
 * Sends over SMTP_URL. With no SMTP_URL each message is written to DATA_DIR/outbox as an .eml
 * file and its subject, file and links (their tokens redacted by the log) are logged, so a demo can
 * still be followed. When SMTP fails
 * the message is kept in the outbox too and the failure logged: no message is dropped silently.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const outbox = join(opts.dataDir, 'outbox');
  const fileWriter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const smtp: Transporter | undefined = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  let counter = 0;

  async function writeToOutbox(message: MailMessage, reason: string): Promise<string> {
    const { secrets, ...mail } = message;
    const info = await fileWriter.sendMail({ ...mail, from: message.from ?? opts.from });
    mkdirSync(outbox, { recursive: true });
    const subject = withoutSecrets(message.subject, secrets);
    // Named from the subject as the log shows it: the file's name is logged.
    const slug = subject.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40);
    const file = join(outbox, `${Date.now()}-${++counter}-${slug}.eml`);
    writeFileSync(file, info.message as Buffer);
    const links = (message.text.match(linkPattern) ?? []).map((l) => withoutSecrets(l, secrets));
    opts.log.info({ to: message.to, subject, links, file }, `Email ${reason}: "${subject}" to ${message.to}${links.length ? ` — ${links.join(' ')}` : ''}`);
    return file;
  }

  return {
    async send(message) {
      if (!smtp) {
        await writeToOutbox(message, 'written to the outbox');
        return;
      }
      const { secrets, ...mail } = message;
      try {
        await smtp.sendMail({ ...mail, from: message.from ?? opts.from });
      } catch (err) {
        // The error may quote the message (a server refusing it names its subject): its secrets are taken out.
        const reason = withoutSecrets(err instanceof Error ? err.message : String(err), secrets);
        opts.log.error({ error: reason, code: (err as { code?: unknown }).code, to: message.to, subject: withoutSecrets(message.subject, secrets) }, 'SMTP delivery failed; message kept in the outbox');
        await writeToOutbox(message, 'kept in the outbox after an SMTP failure');
      }
    },
    close() {
      smtp?.close();
    },
  };
}
