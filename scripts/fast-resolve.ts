// Module resolution for `npm start`, the same answers as Node's in less time. Node reads the
// package.json of a package for every file it resolves into or inside it, and parses the whole of
// its `exports` map each time: drizzle-orm's is 179 KB, resolved some hundreds of times at a start,
// which was half of the CPU of loading the server's modules (1.8 s of 1.9 s down to 0.9 s; see
// docs/benchmarks.md, "Start"). Two shortcuts, both giving what Node itself gives:
// - a package name imported from the project's own files (not from node_modules) is resolved once
//   per workspace folder and import conditions (the node_modules searched are the same for every
//   file of one workspace folder);
// - a relative `.js` import inside drizzle-orm (an ES module package whose files import each other by
//   their full names) is the file it names.
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..')).href + '/';
const drizzle = `${root}node_modules/drizzle-orm/`;
const resolved = new Map<string, { url: string; format?: string | null | undefined }>();

const isBare = (s: string) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('#') && !s.includes(':');

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.startsWith(drizzle) && specifier.startsWith('.') && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    if (parent?.startsWith(root) && !parent.includes('/node_modules/') && isBare(specifier)) {
      // apps/api, apps/web, packages/contracts, scripts, …: one search path each.
      const folder = parent.slice(root.length).split('/').slice(0, 2).join('/');
      const key = `${folder}\0${specifier}\0${context.conditions?.join(',') ?? ''}\0${JSON.stringify(context.importAttributes ?? {})}`;
      const hit = resolved.get(key);
      if (hit) return { url: hit.url, format: hit.format, shortCircuit: true };
      const answer = nextResolve(specifier, context);
      resolved.set(key, { url: answer.url, format: answer.format });
      return answer;
    }
    return nextResolve(specifier, context);
  },
});
