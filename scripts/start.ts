// `npm start`: the production build served by the API, on the embedded database with demo data by default.
// The server listens as soon as it can: the demo network fills in behind it (`Demo data complete.` in
// the log), and when the web app's sources changed since its last build (scripts/build-web.ts) the
// build runs beside the server, whose pages say so until it is in.
import { spawn } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { webBuildIsCurrent } from './build-web.ts';
import './fast-resolve.ts';

// The server's modules compiled once and kept (about a fifth of their load time at a restart).
enableCompileCache('node_modules/.cache/node-compile');

process.env.NODE_ENV ??= 'production';
if (!process.env.DATABASE_URL && process.env.DEMO_DATA === undefined) process.env.DEMO_DATA = '1';
process.env.DEMO_AFTER_LISTEN ??= '1';

if (!process.env.WEB_DIST && !webBuildIsCurrent()) {
  process.env.WEB_BUILD_PENDING = '1';
  const build = spawn(process.execPath, ['scripts/build-web.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
  build.on('exit', (code) => {
    if (code !== 0) console.error(`The web app could not be built (exit ${code}); the API is served, run \`npm run build\` to see why.`);
  });
  // The build stops with the server.
  process.on('exit', () => build.kill());
}

await import('../apps/api/src/server.ts');
