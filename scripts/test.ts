// `npm test`: every check, in the order that fails fastest, with the browser tests' preparation
// (the two web builds and the seeded demo, scripts/e2e-all.ts --prepare) beside the unit tests at
// the lowest CPU priority: the unit tests keep the cores whenever they want them (their timings stay
// as they were), and the preparation takes the moments they wait on a database, a timer or a
// process, instead of the browser phase waiting for it afterwards.
import { spawn } from 'node:child_process';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const npm = (script: string) => run('npm', ['run', script]);
const step = async (code: Promise<number>) => {
  const result = await code;
  if (result !== 0) process.exit(result);
};

await step(run(process.execPath, ['scripts/ensure-chromium.ts']));
await step(npm('typecheck'));
await step(npm('lint'));
const prepared = run('nice', ['-n', '19', process.execPath, 'scripts/e2e-all.ts', '--prepare']);
const unit = await npm('test:unit');
const ready = await prepared;
if (unit !== 0) process.exit(unit);
if (ready !== 0) {
  console.error('browser tests: the preparation failed (see above)');
  process.exit(ready);
}
await step(run(process.execPath, ['scripts/e2e-all.ts'], { ...process.env, E2E_PREPARED: '1' }));
