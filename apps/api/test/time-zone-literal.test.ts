import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The network's time zone is written once, as `NETWORK_TIME_ZONE` in the contracts; everything else
 * (queries, dates, the demo, tests, benchmarks) names the constant, so changing it changes it
 * everywhere. Comments may name the zone. Migrations (SQL) are not read: they cannot import it.
 */
const root = join(import.meta.dirname, '../../..');
const home = 'packages/contracts/src/time-zone.ts';
const folders = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'examples'];
const skipped = new Set(['node_modules', 'dist', 'dist-gallery', 'coverage']);
// The zone and its other names; built from parts so this file holds none of them.
const zone = new RegExp(['America', 'Los_Angeles'].join('/') + '|' + ['US', 'Pacific'].join('/') + '|' + ['PST8', 'PDT'].join(''));

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipped.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The lines of code naming the zone, comments left out ("file:line: text"). */
function literals(file: string): string[] {
  const found: string[] = [];
  let inComment = false;
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    let code = line;
    if (inComment) {
      const end = code.indexOf('*/');
      if (end < 0) continue;
      code = code.slice(end + 2);
      inComment = false;
    }
    code = code.replace(/\/\*.*?\*\//g, '');
    const open = code.indexOf('/*');
    if (open >= 0) {
      code = code.slice(0, open);
      inComment = true;
    }
    code = code.replace(/(^|\s)\/\/.*$/, '');
    if (zone.test(code)) found.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
  }
  return found;
}

describe('the network time zone', () => {
  const files = folders.flatMap((f) => sources(join(root, f)));

  it('is written as a literal only in NETWORK_TIME_ZONE', () => {
    expect(files.length).toBeGreaterThan(500);
    // The scan sees the one literal there is (a scan that reads nothing would pass anything).
    const own = literals(join(root, home));
    expect(own).toHaveLength(1);
    expect(own[0]).toContain(`export const NETWORK_TIME_ZONE = '${NETWORK_TIME_ZONE}';`);
    const elsewhere = files.filter((f) => relative(root, f) !== home).flatMap(literals);
    expect(elsewhere, 'name NETWORK_TIME_ZONE from @portal/contracts instead').toEqual([]);
  });
});
