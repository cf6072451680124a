import { AppError } from './errors.ts';
import { errorMessages } from '@portal/contracts';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in memory, per key ("login:ip:1.2.3.4", "login:account:a@b.c").
 * One process holds them; behind a load balancer use sticky routing or move them to the database.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Counts one attempt; throws 429 with Retry-After once the key is past `max` in `windowMs`. */
  hit(key: string, max: number, windowMs: number): void {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > max) this.reject(w, now);
    if (this.windows.size > 50_000) this.sweep(now);
  }

  /** Throws 429 when the key is already past `max`, without counting (for counting failures only). */
  check(key: string, max: number): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (w && w.resetAt > now && w.count >= max) this.reject(w, now);
  }

  /** Counts one attempt without throwing (a failure, recorded after the fact). */
  record(key: string, windowMs: number): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + windowMs });
    else w.count++;
  }

  /** Attempts counted for the key in its current window. */
  count(key: string): number {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? w.count : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private reject(w: Window, now: number): never {
    const retryAfter = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    throw new AppError('too_many_requests', errorMessages.tooManyRequests, undefined, { 'Retry-After': String(retryAfter) });
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** Limits per 15 minutes: per client address, and per account (email). */
export const limits = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins on one account before each further attempt is slowed down (never refused). */
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  /** The first slowed attempt waits this long; each further failure doubles it, up to the cap. */
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 10_000,
  /** How long an address that signed in to an account stays known to it (not slowed down). */
  knownAddressMs: 30 * 24 * 3600 * 1000,
  confirmFailuresPerSession: 5,
  confirmFailuresPerIp: 20,
  forgotPerAccount: 3,
  forgotPerIp: 10,
  resetPerIp: 10,
  codePerIp: 10,
} as const;
