import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';

/** WHATWG URL parser (Node and browsers); typed here because contracts compile without DOM or Node types. */
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }).URL;

/** Schemes a url entry may use (SPEC.md section 5). */
export const URL_ENTRY_PROTOCOLS = ['http:', 'https:', 'ftp:'] as const;

function ipv4Octets(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : undefined;
}

function isPrivateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 || // 0.0.0.0/8, "this network" (includes 0.0.0.0)
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** Expands an IPv6 literal (no brackets) to 8 groups, or undefined when it is not one. */
function ipv6Groups(host: string): number[] | undefined {
  if (!host.includes(':')) return undefined;
  let text = host.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const o = ipv4Octets(tail[1]);
    if (!o) return undefined;
    text = text.slice(0, -tail[1].length) + `${(((o[0] ?? 0) << 8) | (o[1] ?? 0)).toString(16)}:${(((o[2] ?? 0) << 8) | (o[3] ?? 0)).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => Number.parseInt(g, 16));
}

function isPrivateIpv6(g: number[]): boolean {
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const allZeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (allZeroUpTo(7) && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link local
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses carry an IPv4 address.
  if (allZeroUpTo(5) && (g5 === 0xffff || g5 === 0)) return isPrivateIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  return false;
}

/**
 * True for hosts a url entry may not point at: localhost, *.localhost, and private, loopback,
 * link-local and unspecified IPv4/IPv6 literals. Expects a hostname as `new URL()` normalises it
 * (lower case, IPv4 in dotted decimal, IPv6 in brackets). Names resolving to private addresses
 * are the sender's business at send time.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4Octets(host);
  if (v4) return isPrivateIpv4(v4);
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v6 = ipv6Groups(unbracketed.split('%')[0] ?? '');
  return v6 ? isPrivateIpv6(v6) : false;
}

/**
 * The url-entry rule: empty is allowed; otherwise an absolute http, https or ftp link to a public
 * host, or a relative link starting with one '/' ('//host' would leave the site, so it is refused).
 * The value is expected trimmed.
 */
export function isUrlEntry(value: string): boolean {
  if (value === '') return true;
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  let url: { protocol: string; hostname: string };
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  if (!(URL_ENTRY_PROTOCOLS as readonly string[]).includes(url.protocol)) return false;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  return !isPrivateHost(url.hostname);
}

/**
 * The longest address a URL column holds (varchar 2048: deep links, destinations, fallbacks,
 * catalogue APIs, landing pages, announcements). A site's own address is shorter: {@link SITE_URL_MAX}.
 */
export const URL_MAX = 2048;
/** `sites.url`: varchar 255. */
export const SITE_URL_MAX = 255;

/** Url entry field: trimmed, at most `max` characters (its column's length), then the url-entry rule. */
export function urlEntry(max = URL_MAX) {
  return z.string({ error: m.urlEntry }).trim().max(max, { error: m.maxLength(max), abort: true }).refine(isUrlEntry, m.urlEntry);
}

/**
 * A site or url: an http(s) address, with or without the scheme ("example.com/path" is a site),
 * whose host has a dot and a top-level name of letters.
 */
export function isSiteUrl(value: string): boolean {
  if (value === '' || /\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: { protocol: string; hostname: string };
  try {
    url = new WhatwgUrl(withScheme);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!/^https?:\/\//i.test(withScheme)) return false;
  return /^([a-z0-9-]+\.)+[a-z]{2,}$/i.test(url.hostname.replace(/\.$/, '')) || /^xn--/.test(url.hostname.split('.').pop() ?? '');
}

/** A site or url field: trimmed, at most `max` characters (its column's length), then the site-or-url rule. */
export function siteUrl(max = URL_MAX) {
  return z.string({ error: m.url }).trim().max(max, { error: m.maxLength(max), abort: true }).refine(isSiteUrl, m.url);
}

/** Email pattern with the SPEC.md message; trimmed and compared in lower case. */
export function email() {
  return z
    .string({ error: m.email })
    .trim()
    .pipe(z.email(m.email))
    .transform((v) => v.toLowerCase());
}
