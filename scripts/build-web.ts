// The web app's production build (apps/web/dist, with Brotli and gzip copies of its assets), made
// only when its sources changed: a hash of the web app's sources, the contracts it imports, the
// lockfile and the VITE_ settings is kept next to the build (apps/web/dist.sources) and a build
// whose hash matches is used as it is.
//   node scripts/build-web.ts            build when the sources changed (`npm start`)
//   node scripts/build-web.ts --force    build in any case (`npm run build`)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDist } from './compress-dist.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const hashFile = join(root, 'apps/web/dist.sources');
const skipped = new Set(['node_modules', 'dist', 'dist-gallery', 'dist.sources']);

function addTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const name of readdirSync(dir).sort()) {
    if (skipped.has(name) || name.endsWith('.tsbuildinfo')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) addTree(hash, path);
    else hash.update(`${relative(root, path)}\0`).update(readFileSync(path)).update('\0');
  }
}

/** What the build is made from: a change to any of it makes the next `npm start` build again. */
export function webSourcesHash(): string {
  const hash = createHash('sha256');
  addTree(hash, join(root, 'apps/web'));
  addTree(hash, join(root, 'packages/contracts'));
  for (const file of ['package-lock.json', 'tsconfig.base.json']) if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  for (const [key, value] of Object.entries(process.env).sort()) if (key.startsWith('VITE_')) hash.update(`${key}=${value}\0`);
  return hash.digest('hex');
}

/** Whether apps/web/dist was built from the sources as they are now. */
export function webBuildIsCurrent(sources = webSourcesHash()): boolean {
  return existsSync(join(dist, 'index.html')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === sources;
}

/** Builds and compresses the web app, then records what it was built from. */
export async function buildWeb(sources = webSourcesHash(), opts: { quiet?: boolean } = {}): Promise<void> {
  rmSync(hashFile, { force: true });
  const started = Date.now();
  const vite = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...(opts.quiet ? ['--logLevel', 'warn'] : [])], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  if (vite.status !== 0) throw new Error(`the web app's build failed (exit ${vite.status})`);
  const compressed = await compressDist(dist);
  writeFileSync(hashFile, `${sources}\n`);
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s (${compressed}).`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sources = webSourcesHash();
  const force = process.argv.includes('--force');
  if (!force && webBuildIsCurrent(sources)) console.log('Web app: the build is up to date.');
  else await buildWeb(sources, { quiet: !force });
}
