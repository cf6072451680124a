// `npm run typecheck`: the four workspaces' type checks side by side instead of one after another.
// Each `tsc -p` spends part of its time reading files and waiting, so two cores finish the four
// sooner together (docs/testing.md, "CI time"). Output is prefixed with the project; exits non-zero
// when any check fails.
import { spawn } from 'node:child_process';

const projects = ['packages/contracts', 'apps/api', 'apps/web', 'scripts'];

function check(project: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => {
      // Each project's errors together, not interleaved with another's.
      for (const line of output.split('\n')) if (line.trim()) process.stdout.write(`[${project}] ${line}\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(projects.map(check));
const failed = projects.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) console.error(`typecheck failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
