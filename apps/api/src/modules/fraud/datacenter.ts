import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shipped list: X4BNet lists_vpn's data-centre IPv4 ranges (MIT, apps/api/resources/datacenter/LICENSE). */
export const SHIPPED_DATACENTER_LIST = fileURLToPath(new URL('../../../resources/datacenter/ipv4.txt', import.meta.url));

/** An IPv4 address as an unsigned 32-bit number, or null (IPv4-mapped IPv6 `::ffff:a.b.c.d` counts as IPv4). */
export function ipv4Number(ip: string): number | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const parts = v4.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const b = Number(p);
    if (b > 255) return null;
    n = n * 256 + b;
  }
  return n;
}

/**
 * Address ranges as sorted, merged [start, end] pairs: a lookup is a binary search over
 * about 40,000 ranges (16 steps), with no allocation on the click path.
 */
export class AddressRanges {
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;

  private constructor(starts: Uint32Array, ends: Uint32Array) {
    this.starts = starts;
    this.ends = ends;
  }

  /** Parses one CIDR (`1.2.3.0/24`) or address per line (`lines`: how many); blank lines and `#` comments are skipped, anything else counted as bad. */
  static parse(text: string): { ranges: AddressRanges; lines: number; bad: number } {
    const pairs: Array<[number, number]> = [];
    let bad = 0;
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const [addr, bitsText] = line.split('/');
      const base = ipv4Number(addr!);
      const bits = bitsText === undefined ? 32 : /^\d{1,2}$/.test(bitsText) ? Number(bitsText) : -1;
      if (base === null || bits < 0 || bits > 32) {
        bad++;
        continue;
      }
      const size = 2 ** (32 - bits);
      const start = Math.floor(base / size) * size;
      pairs.push([start, start + size - 1]);
    }
    pairs.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const p of pairs) {
      const last = merged[merged.length - 1];
      if (last && p[0] <= last[1] + 1) last[1] = Math.max(last[1], p[1]);
      else merged.push([p[0], p[1]]);
    }
    return { ranges: new AddressRanges(Uint32Array.from(merged, (m) => m[0]), Uint32Array.from(merged, (m) => m[1])), lines: pairs.length, bad };
  }

  get size(): number {
    return this.starts.length;
  }

  has(ip: string): boolean {
    const n = ipv4Number(ip);
    if (n === null) return false;
    // The last range starting at or before n.
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid]! <= n) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && n <= this.ends[found]!;
  }
}

let shipped: AddressRanges | undefined;
/** The list shipped with the app, read once. */
export function shippedDatacenterRanges(): AddressRanges {
  shipped ??= AddressRanges.parse(readFileSync(SHIPPED_DATACENTER_LIST, 'utf8')).ranges;
  return shipped;
}
