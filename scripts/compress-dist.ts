// Writes Brotli and gzip copies next to the built assets, which the server sends to browsers that
// accept them (@fastify/static preCompressed): smaller first page, no compression work per request.
// The files are compressed side by side on libuv's thread pool.
//   node scripts/compress-dist.ts [apps/web/dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const worthIt = /\.(js|css|svg|json|txt|map)$/;

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesOf(path);
    return worthIt.test(name) && !name.endsWith('.map') ? [path] : [];
  });
}

/** Compresses every asset of `root` worth it; returns a line on what it did. */
export async function compressDist(root: string): Promise<string> {
  let files = 0;
  let before = 0;
  let after = 0;
  await Promise.all(
    filesOf(root).map(async (path) => {
      const data = readFileSync(path);
      if (data.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzipped(data, { level: 9 }),
      ]);
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
      files++;
      before += data.length;
      after += br.length;
    }),
  );
  return `compressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await compressDist(process.argv[2] ?? 'apps/web/dist'));
}
