import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A click id that starts with its time (milliseconds in base 36, 9 characters) followed by 11
 * random characters, so a conversion finds its click's day partition without a global index.
 * `random` may be given for deterministic demo data.
 */
export function newClickIdAt(ms: number, random?: () => number): string {
  let tail = '';
  if (random) {
    for (let i = 0; i < 11; i++) tail += ALPHABET[Math.floor(random() * 36) % 36];
  } else {
    // Random bytes drawn from the system 4 KB at a time, not 11 bytes per click.
    if (poolAt + 11 > pool.length) {
      randomFillSync(pool);
      poolAt = 0;
    }
    for (let i = 0; i < 11; i++) tail += ALPHABET[Math.floor((pool[poolAt + i]! / 256) * 36) % 36];
    poolAt += 11;
  }
  return `${ms.toString(36).padStart(9, '0')}${tail}`;
}
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

export function clickTimeOf(cid: string): Date | null {
  if (!/^[0-9a-z]{20}$/.test(cid)) return null;
  const ms = Number.parseInt(cid.slice(0, 9), 36);
  return Number.isFinite(ms) && ms > 1.5e12 && ms < 4e12 ? new Date(ms) : null;
}
