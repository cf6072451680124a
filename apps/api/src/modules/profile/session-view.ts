import type { UserSession } from '@portal/contracts';
import UAParser from 'ua-parser-js';
import type { sessions } from '../../db/schema/index.ts';
import { countryOf } from '../../lib/visitor.ts';
import { countryName } from './countries.ts';

/** "Firefox 128 on Windows" from a user agent; the raw string never reaches the screen. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = new UAParser(userAgent);
  const browser = [ua.getBrowser().name, ua.getBrowser().major].filter(Boolean).join(' ');
  const os = [ua.getOS().name, ua.getOS().version].filter(Boolean).join(' ');
  const model = [ua.getDevice().vendor, ua.getDevice().model].filter(Boolean).join(' ');
  const where = model || os;
  if (browser && where) return `${browser} on ${where}`;
  return browser || where || 'Unknown device';
}

/** The country of the address the session signed in from, with the address. */
async function placeOf(ip: string | null): Promise<string> {
  if (!ip) return 'Unknown place';
  const code = await countryOf(ip).catch(() => null);
  const name = code ? countryName(code) : null;
  return name ? `${name} (${ip})` : ip;
}

export async function describeSession(row: typeof sessions.$inferSelect, currentSessionId: string): Promise<UserSession> {
  return {
    id: row.id,
    device: deviceOf(row.userAgent),
    place: await placeOf(row.ip),
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
    impersonated: row.impersonatorId !== null,
  };
}
