// After `npm install` (its postinstall step): what the first `npm start` would otherwise do before
// it answers, done once here so a fresh clone starts as fast as a restart:
// - the migrated embedded database every empty data directory starts from (node_modules/.cache/portal-pglite),
// - the server's modules compiled into Node's compile cache (node_modules/.cache/node-compile),
// - the web app's build, when its sources changed since the last one; not under `npm ci` nor with CI
//   set (the CI script installs with `npm ci`, and its test command builds the web app itself).
// Never fails the install: whatever could not be prepared is done by `npm start` as before.
//   node scripts/prepare-start.ts
import { enableCompileCache } from 'node:module';

enableCompileCache('node_modules/.cache/node-compile');
await import('./fast-resolve.ts');

async function step(name: string, fn: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  try {
    await fn();
    console.log(`Prepared for npm start: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  } catch (err) {
    console.log(`Not prepared for npm start: ${name} (${err instanceof Error ? err.message : String(err)}); npm start does it.`);
  }
}

if (Number(process.versions.node.split('.')[0]) !== 24) {
  console.log('Not prepared for npm start: it needs Node 24 (the "node" devDependency).');
} else {
  await step('the migrated embedded database', async () => {
    const { migratedSnapshot } = await import('../apps/api/src/db/client.ts');
    if (!(await migratedSnapshot())) throw new Error('node_modules/.cache is not writable');
  });
  // Loading the server's modules compiles them into the cache: a start then reads them compiled.
  await step("the server's modules compiled", () => import('../apps/api/src/app.ts'));
  if (process.env.CI || process.env.npm_command === 'ci') console.log('Not prepared for npm start under npm ci or CI: the web app (npm start or npm run build makes it).');
  else {
    await step('the web app built', async () => {
      const { buildWeb, webBuildIsCurrent, webSourcesHash } = await import('./build-web.ts');
      const sources = webSourcesHash();
      if (!webBuildIsCurrent(sources)) await buildWeb(sources, { quiet: true });
    });
  }
}
