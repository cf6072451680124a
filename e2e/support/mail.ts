import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { mailDir } from './env.ts';
import type { StoredMail } from './smtp-sink.ts';

export interface Mail {
  to: string[];
  /** The From header, its name decoded. */
  from: string;
  subject: string;
  text: string;
  receivedAt: number;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain part of a MIME message (enough of MIME for the mail our server sends). */
function plainText(raw: string): { from: string; subject: string; text: string } {
  const { headers, body } = splitHeaders(raw);
  const subject = decodeHeader(headers.subject ?? '');
  const from = decodeHeader(headers.from ?? '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { from, subject, text: decodeBody(headers, body) };
  const queue = body.split(`--${boundary}`);
  for (let i = 0; i < queue.length; i++) {
    const part = splitHeaders(queue[i]!.replace(/^\r?\n/, ''));
    const type = part.headers['content-type'] ?? '';
    const inner = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (inner) queue.push(...part.body.split(`--${inner}`));
    else if (type.toLowerCase().startsWith('text/plain')) return { from, subject, text: decodeBody(part.headers, part.body) };
  }
  return { from, subject, text: decodeBody(headers, body) };
}

export function readMails(): Mail[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const stored = JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as StoredMail;
      return { to: stored.to, receivedAt: stored.receivedAt, ...plainText(stored.raw) };
    });
}

/** Waits for the newest message to `to` whose subject matches, received after `since`. */
export async function waitForMail(to: string, subject: RegExp, since = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readMails()
          .filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject) && m.receivedAt >= since)
          .at(-1);
        return Boolean(found);
      },
      { message: `an email to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the message that goes to `path` on our site, as a path with its query. */
export function linkTo(mail: Mail, path: string): string {
  const url = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`No link to ${path} in "${mail.subject}":\n${mail.text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The 6-digit sign-in code of a two-step email. */
export function signInCode(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}
