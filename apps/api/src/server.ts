import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { readableLogStream } from './lib/readable-log.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// `npm start` (scripts/start.ts) listens before the demo network is written; a terminal reads plain
// lines, anything else (a file, a pipe, a log collector, the tests) one JSON object a line.
const app = await buildApp(config, {
  demoAfterListen: process.env.DEMO_AFTER_LISTEN === '1',
  ...(process.stdout.isTTY && process.env.LOG_FORMAT !== 'json' ? { logStream: readableLogStream() } : {}),
});
await app.listen({ port: config.port, host: config.host });
app.log.info(`Affiliate portal ready at ${config.publicUrl}${config.webDist ? '' : config.webDistPending ? ' (the web app is being built)' : ' (API only: the web app is not built)'}`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  });
}
