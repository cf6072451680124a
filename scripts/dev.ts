// `npm run dev`: the API (restarting on change) on port 3001 and Vite with hot reload on port 3000, proxying the API.
import { spawn } from 'node:child_process';

const env: NodeJS.ProcessEnv = { ...process.env, PORT: process.env.API_PORT ?? '3001', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' };
if (!env.DATABASE_URL && env.DEMO_DATA === undefined) env.DEMO_DATA = '1';

const children = [
  spawn(process.execPath, ['--watch', 'apps/api/src/server.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${env.PORT}` } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
