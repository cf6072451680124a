import { createRequire } from 'node:module';
import type { DeviceClass } from '@portal/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import maxmind, { type Reader, type Response } from 'maxmind';
import UAParser from 'ua-parser-js';
import { sha256 } from './secrets.ts';

const require = createRequire(import.meta.url);

/** Country by address: the CC0 whois/ASN country database shipped as an npm package. */
let reader: Promise<Reader<Response>> | undefined;
/** The database once open: clicks look their country up without waiting on a promise. */
let opened: Reader<Response> | undefined;
export async function countryOf(ip: string): Promise<string | null> {
  if (!opened) {
    reader ??= maxmind.open<Response>(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb'));
    opened = await reader;
  }
  return countryIn(opened, ip);
}

function countryIn(db: Reader<Response>, ip: string): string | null {
  // This database answers {country_code}, not MaxMind's own shape.
  const hit = db.get(ip) as { country_code?: string } | null;
  return hit?.country_code?.toUpperCase() ?? null;
}

const VR_BROWSER = /OculusBrowser|Quest|PicoBrowser|Pico Neo|Wolvic|Firefox Reality|MetaQuest|\bVR\b|HTC Vive/i;

/** desktop, mobile, tablet, or vr (a VR headset's browser). */
export function deviceClass(userAgent: string): DeviceClass {
  if (VR_BROWSER.test(userAgent)) return 'vr';
  const type = new UAParser(userAgent).getDevice().type;
  if (type === 'mobile') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === 'wearable' || type === 'xr') return 'vr';
  return 'desktop';
}

/** Prefetchers announce themselves; their hits are answered but never count as unique. */
function isPrefetch(h: IncomingHttpHeaders): boolean {
  // Most requests carry none of these headers.
  if (h.purpose === undefined && h['sec-purpose'] === undefined && h['x-purpose'] === undefined && h['x-moz'] === undefined) return false;
  const purpose = `${h.purpose ?? ''} ${h['sec-purpose'] ?? ''} ${h['x-purpose'] ?? ''} ${h['x-moz'] ?? ''}`.toLowerCase();
  return /prefetch|preview|prerender/.test(purpose);
}

export interface Visitor {
  country: string | null;
  device: DeviceClass;
  /** SHA-256 of a secret, the address and the browser: no raw address is stored. */
  visitorHash: string;
  /** Bots, HEAD requests and prefetchers: recorded, never unique. */
  isBot: boolean;
}

/**
 * What a browser string says (device class, bot or not), remembered: traffic comes from a few
 * thousand distinct browsers, and parsing one costs more than the rest of a redirect.
 */
const uaCache = new Map<string, { device: DeviceClass; bot: boolean }>();
const UA_CACHE_SIZE = 5000;
function describeBrowser(ua: string): { device: DeviceClass; bot: boolean } {
  let hit = uaCache.get(ua);
  if (!hit) {
    hit = { device: deviceClass(ua), bot: ua === '' || isbot(ua) };
    // Oldest first out: a Map iterates in insertion order.
    if (uaCache.size >= UA_CACHE_SIZE) uaCache.delete(uaCache.keys().next().value!);
    uaCache.set(ua, hit);
  }
  return hit;
}

/** What a click's request says about its visitor: its address (as the proxy setting reads it), method and headers. */
export interface VisitorRequest {
  ip: string;
  method: string;
  headers: IncomingHttpHeaders;
}

export async function describeVisitor(request: VisitorRequest, salt: string, countryHeader: string | undefined): Promise<Visitor> {
  const ua = String(request.headers['user-agent'] ?? '');
  let country: string | null = null;
  const fromCdn = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
  if (typeof fromCdn === 'string' && /^[A-Za-z]{2}$/.test(fromCdn) && fromCdn.toUpperCase() !== 'XX') {
    country = fromCdn.toUpperCase();
  } else {
    try {
      country = opened ? countryIn(opened, request.ip) : await countryOf(request.ip);
    } catch {
      country = null;
    }
  }
  const browser = describeBrowser(ua);
  return {
    country,
    device: browser.device,
    visitorHash: sha256(`${salt}|${request.ip}|${ua}`),
    isBot: browser.bot || request.method === 'HEAD' || isPrefetch(request.headers),
  };
}
