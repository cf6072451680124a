import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone, for reading links and codes. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject, text: decodeQuotedPrintable(raw) });
          for (const w of this.waiters.splice(0)) w();
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The newest message to `to` whose subject matches, waiting up to 5 s for it. */
  async waitFor(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.messages.slice(after).findLast((m) => m.to.includes(to) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to}; got: ${this.messages.map((m) => `${m.to} ${m.subject}`).join(', ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The first link in a message whose path starts with `path`. */
  static link(mail: CaughtMail, path: string): URL {
    for (const m of mail.text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = new URL(m[0].replace(/&amp;/g, '&'));
      if (url.pathname.startsWith(path)) return url;
    }
    throw new Error(`no ${path} link in "${mail.subject}"`);
  }

  static code(mail: CaughtMail): string {
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (!code) throw new Error(`no code in "${mail.subject}"`);
    return code;
  }
}
