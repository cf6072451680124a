import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random secret (32 bytes = 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit code for two-step sign-in. */
export function randomDigits(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** Secrets are stored only as SHA-256 hashes: a database leak reveals no usable token. */
export function sha256(value: string): string {
  // The one-shot form: about half the cost of a hash object, once per click on the redirect path.
  return hash('sha256', value, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
