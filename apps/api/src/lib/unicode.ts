import { isUtf8 } from 'node:buffer';

const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;
const HIGH_BYTE_ESCAPE = /%[89A-Fa-f][0-9A-Fa-f]/;

/**
 * Whether the address's percent-escapes spell UTF-8: `%ED%A0%80` (a surrogate) or `%FF` would
 * otherwise reach a route as U+FFFD or as the undecoded text. A `%` not followed by two hex
 * digits is plain text, as the query parser reads it.
 */
export function isUtf8Address(url: string): boolean {
  if (!url.isWellFormed()) return false;
  if (!HIGH_BYTE_ESCAPE.test(url)) return true;
  const parts: Buffer[] = [];
  let last = 0;
  for (const match of url.matchAll(ESCAPES)) {
    parts.push(Buffer.from(url.slice(last, match.index)), Buffer.from(match[0].replaceAll('%', ''), 'hex'));
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(url.slice(last)));
  return isUtf8(Buffer.concat(parts));
}
