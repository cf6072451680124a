import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP to addresses that affiliates type in (postbacks). Every send resolves the host,
 * refuses private, local and metadata addresses, and connects to the very address it checked, so
 * a name that answers differently on the second lookup (DNS rebinding) cannot reach inside.
 */

/** Resolves a host name to every address it has (node:dns `lookup` with `all`). Replaceable in tests. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Never contacted, whatever they resolve to. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254 too)
  ['fe80::', 10], // link local
  ['fec0::', 10], // old site local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Names refused before any lookup: they only ever mean this machine or a cloud's insides. */
export function isForbiddenName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === '' ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === 'metadata' ||
    host === 'metadata.google.internal' ||
    host.endsWith('.internal') ||
    host.endsWith('.local')
  );
}

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d mapped, 64:ff9b::a.b.c.d NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return undefined;
  const hi = groups[6] ?? 0;
  const lo = groups[7] ?? 0;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0) return undefined;
  const all = [...head, ...Array<string>(fill).fill('0'), ...rest];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all.map((g) => Number.parseInt(g, 16));
}

/** True for an IP address (v4 or v6 literal) that outbound requests must not reach. */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(ip.split('%')[0] ?? '');
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const v4 = embeddedIpv4(ip);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(ip.split('%')[0] ?? '', 'ipv6');
}

export interface OutboundPolicy {
  /**
   * Exact `host:port` pairs (as written in the URL, IPv6 in brackets) exempt from the address
   * rules. For tests on one machine only (OUTBOUND_ALLOW); empty in production.
   */
  allow?: ReadonlySet<string>;
  resolve?: Resolver;
  /** Bound on the lookup alone (the send's own timeout covers it as well). */
  lookupTimeoutMs?: number;
  /**
   * Addresses this app answers itself, without a lookup or a connection (the demo's catalogue
   * hosts, seed/demo-catalogue.ts): undefined for every other address, which goes out as usual.
   */
  local?: LocalAnswers;
}

export type LocalAnswers = (url: URL) => Promise<{ status: number; body: Buffer; contentType: string } | undefined>;

export type AddressCheck =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: 'refused'; message: string }
  | { ok: false; reason: 'unresolved'; message: string };

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

/** `host:port` of a URL, the form OUTBOUND_ALLOW lists. */
export const hostPort = (url: URL) => `${url.hostname}:${url.port || defaultPort(url.protocol)}`;

/** Parses OUTBOUND_ALLOW: comma-separated `host:port` pairs, lower-cased. */
export function parseAllowList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** Refusal texts: shown in the delivery log and the "Send test" answer. */
export const refusalMessages = {
  scheme: 'Only http and https addresses can be called.',
  name: 'This host name points to the local machine or a private network.',
  address: (ip: string) => `The host resolves to ${ip}, a private, local or reserved address.`,
  unresolved: 'The host name could not be resolved.',
} as const;

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Decides whether `url` may be called and which address to connect to. Every address the name
 * has must be public: one private answer among public ones is refused too, since a later
 * connection might pick it.
 */
export async function checkOutboundUrl(url: URL, policy: OutboundPolicy = {}): Promise<AddressCheck> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'refused', message: refusalMessages.scheme };
  const allowed = policy.allow?.has(hostPort(url).toLowerCase()) ?? false;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!allowed && isForbiddenName(host)) return { ok: false, reason: 'refused', message: refusalMessages.name };
  const literal = isIP(host);
  if (literal) {
    if (!allowed && isForbiddenAddress(host)) return { ok: false, reason: 'refused', message: refusalMessages.address(host) };
    return { ok: true, address: host, family: literal as 4 | 6 };
  }
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await withTimeout((policy.resolve ?? systemResolver)(host), policy.lookupTimeoutMs ?? 5000, 'lookup timed out');
  } catch {
    return { ok: false, reason: 'unresolved', message: refusalMessages.unresolved };
  }
  if (answers.length === 0) return { ok: false, reason: 'unresolved', message: refusalMessages.unresolved };
  if (!allowed) {
    const bad = answers.find((a) => isForbiddenAddress(a.address));
    if (bad) return { ok: false, reason: 'refused', message: refusalMessages.address(bad.address) };
  }
  // IPv4 first when there is one: many hosts have no IPv6 route, and only one address is tried.
  const chosen = answers.find((a) => a.family === 4) ?? answers[0]!;
  return { ok: true, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

export interface SafeRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as application/x-www-form-urlencoded (POST). */
  form?: string;
  /** Whole exchange: lookup, connect, answer and the bytes read. Default 5 s. */
  timeoutMs?: number;
  /** How much of the answer to keep. Default 512 bytes. */
  maxBytes?: number;
  /** Accept header (default any). */
  accept?: string;
}

export type SafeResponse =
  | { outcome: 'response'; status: number; durationMs: number; snippet: string; address: string }
  | { outcome: 'refused'; message: string; durationMs: number }
  | { outcome: 'error'; message: string; durationMs: number };

const USER_AGENT = 'AffiliatePortal-Postback/1.0';

/**
 * One HTTP request to a public address: no redirects followed (a 3xx is just the answer), only
 * the first `maxBytes` of the body read, everything within `timeoutMs`.
 */
export async function safeFetch(request: SafeRequest, policy: OutboundPolicy = {}): Promise<SafeResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? 5000;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { outcome: 'refused', message: 'The address is not a valid URL.', durationMs: 0 };
  }
  let check: AddressCheck;
  try {
    check = await checkOutboundUrl(url, { ...policy, lookupTimeoutMs: Math.min(policy.lookupTimeoutMs ?? timeoutMs, timeoutMs) });
  } catch (error) {
    return { outcome: 'error', message: describeError(error), durationMs: elapsed() };
  }
  if (!check.ok) {
    return check.reason === 'refused'
      ? { outcome: 'refused', message: check.message, durationMs: elapsed() }
      : { outcome: 'error', message: check.message, durationMs: elapsed() };
  }
  const remaining = Math.max(1, timeoutMs - elapsed());
  try {
    const answer = await send(url, check.address, request, remaining);
    return { outcome: 'response', status: answer.status, snippet: toSnippet(answer.body, request.maxBytes ?? 512), address: check.address, durationMs: elapsed() };
  } catch (error) {
    return { outcome: 'error', message: describeError(error), durationMs: elapsed() };
  }
}

export type SafeBodyResponse =
  | { outcome: 'response'; status: number; body: Buffer; truncated: boolean; contentType: string; durationMs: number }
  | { outcome: 'refused'; message: string; durationMs: number }
  | { outcome: 'error'; message: string; durationMs: number };

/**
 * A GET under the same address rules as `safeFetch`, answering the body itself (up to
 * `maxBytes`, with `truncated` set when there was more): catalogue pages and their images.
 */
export async function safeGetBody(url: string, policy: OutboundPolicy, options: { timeoutMs: number; maxBytes: number; accept?: string }): Promise<SafeBodyResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { outcome: 'refused', message: 'The address is not a valid URL.', durationMs: 0 };
  }
  const local = await policy.local?.(parsed);
  if (local) {
    const truncated = local.body.length > options.maxBytes;
    return { outcome: 'response', status: local.status, body: truncated ? local.body.subarray(0, options.maxBytes) : local.body, truncated, contentType: local.contentType, durationMs: elapsed() };
  }
  let check: AddressCheck;
  try {
    check = await checkOutboundUrl(parsed, { ...policy, lookupTimeoutMs: Math.min(policy.lookupTimeoutMs ?? options.timeoutMs, options.timeoutMs) });
  } catch (error) {
    return { outcome: 'error', message: describeError(error), durationMs: elapsed() };
  }
  if (!check.ok) {
    return check.reason === 'refused' ? { outcome: 'refused', message: check.message, durationMs: elapsed() } : { outcome: 'error', message: check.message, durationMs: elapsed() };
  }
  try {
    const answer = await send(parsed, check.address, { method: 'GET', url, maxBytes: options.maxBytes + 1, ...(options.accept ? { accept: options.accept } : {}) }, Math.max(1, options.timeoutMs - elapsed()));
    const truncated = answer.body.length > options.maxBytes;
    return { outcome: 'response', status: answer.status, body: truncated ? answer.body.subarray(0, options.maxBytes) : answer.body, truncated, contentType: answer.contentType, durationMs: elapsed() };
  } catch (error) {
    return { outcome: 'error', message: describeError(error), durationMs: elapsed() };
  }
}

function send(url: URL, address: string, request: SafeRequest, timeoutMs: number): Promise<{ status: number; body: Buffer; contentType: string }> {
  const maxBytes = request.maxBytes ?? 512;
  const isHttps = url.protocol === 'https:';
  const body = request.method === 'POST' ? Buffer.from(request.form ?? '', 'utf8') : undefined;
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return new Promise((resolvePromise, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const options: https.RequestOptions = {
      // The checked address itself: no second lookup that could answer differently.
      host: address,
      port: url.port || defaultPort(url.protocol),
      method: request.method,
      path: `${url.pathname}${url.search}`,
      agent: false,
      headers: {
        Host: url.host,
        'User-Agent': USER_AGENT,
        Accept: request.accept ?? '*/*',
        Connection: 'close',
        ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) } : {}),
      },
      // TLS: certificate checked against the name in the URL, which SNI names too.
      ...(isHttps && !isIP(hostname) ? { servername: hostname } : {}),
    };
    const req = (isHttps ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(() => {
          res.destroy();
          resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, maxBytes), contentType: String(res.headers['content-type'] ?? '') });
        });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) done();
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', (error) => finish(() => reject(error)));
    });
    const timer = setTimeout(() => {
      finish(() => reject(new Error(`No answer within ${Math.round(timeoutMs / 100) / 10} s`)));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish(() => reject(error)));
    req.end(body);
  });
}

/** The first bytes as text: invalid UTF-8 replaced, NULs dropped (PostgreSQL text cannot hold them). */
function toSnippet(bytes: Buffer, maxBytes: number): string {
  // Cutting a multi-byte character in half leaves a replacement character: acceptable for a preview.
  return bytes.subarray(0, maxBytes).toString('utf8').replaceAll('\u0000', '').slice(0, maxBytes);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const text = code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
    return text.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
