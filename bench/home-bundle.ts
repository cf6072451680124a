// Size check of the home page's initial JavaScript (issue 4, Speed): at most 120 KB gzip.
//   npm run build && node bench/home-bundle.ts [dist]
// Initial = the entry script and modulepreloads of the built index.html, any lazy route chunk
// of `/` (public-root, home-gate, home: today part of the entry), and all they import statically.
// What the home page defers until after load (the API data: public-data and its imports) is
// listed apart. Exits 1 over budget, so it fails the test run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120 * 1024;
/** The lazy route modules the router loads for `/` before it can render (see apps/web/src/app/router.tsx). */
const HOME_ROUTE_CHUNKS = [/^home-[\w-]{8}\.js$/, /^home-gate-[\w-]{8}\.js$/, /^public-root-[\w-]{8}\.js$/];
const DEFERRED_CHUNKS = [/^public-data-[\w-]{8}\.js$/];

function staticImports(assets: string, file: string): string[] {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set<string>();
  // Static imports only (`import{..}from"./x.js"`, `import"./x.js"`), not `import("./x.js")`.
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

function closure(assets: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(assets, file));
  }
  return seen;
}

const gz = (assets: string, file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function measureHome(dist = 'apps/web/dist'): { initial: Map<string, number>; deferred: Map<string, number>; total: number } {
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const routeChunks = files.filter((f) => HOME_ROUTE_CHUNKS.some((re) => re.test(f)));
  const initialFiles = closure(assets, [...fromHtml, ...routeChunks]);
  const deferredFiles = [...closure(assets, files.filter((f) => DEFERRED_CHUNKS.some((re) => re.test(f))))].filter((f) => !initialFiles.has(f));
  const initial = new Map([...initialFiles].map((f) => [f, gz(assets, f)]));
  const deferred = new Map(deferredFiles.map((f) => [f, gz(assets, f)]));
  return { initial, deferred, total: [...initial.values()].reduce((a, b) => a + b, 0) };
}

if (import.meta.main) {
  const dist = process.argv[2] ?? 'apps/web/dist';
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No build at ${dist}: run npm run build first.`);
    process.exit(1);
  }
  const { initial, deferred, total } = measureHome(dist);
  console.log('Home page, initial JavaScript (gzip -9):');
  for (const [f, size] of [...initial].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${f}`);
  console.log(`  ${kb(total).padStart(9)}  total (${total} bytes), budget ${kb(BUDGET_BYTES)} (${BUDGET_BYTES} bytes)`);
  const later = [...deferred.values()].reduce((a, b) => a + b, 0);
  console.log(`Deferred until after load (API data): ${kb(later)} in ${deferred.size} files`);
  if (total > BUDGET_BYTES) {
    console.error(`The home page's initial JavaScript is ${kb(total)} gzip, over the ${kb(BUDGET_BYTES)} budget.`);
    process.exit(1);
  }
}
