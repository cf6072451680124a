// Writes Brotli and gzip copies next to the built assets, which the server sends to browsers that
// accept them (@fastify/static preCompressed): smaller first page, no compression work per request.
//   node scripts/compress-dist.ts [apps/web/dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'apps/web/dist';
const worthIt = /\.(js|css|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!worthIt.test(name) || name.endsWith('.map')) continue;
    const data = readFileSync(path);
    if (data.length < 1024) continue;
    const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    files++;
    before += data.length;
    after += br.length;
  }
}

walk(root);
console.log(`compressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)`);
