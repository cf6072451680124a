import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Where a file under src/ lives: the module it belongs to, or the top folder (plugins, lib, db, seed) or file (app.ts). */
function placeOf(path: string): { module?: string; top: string; inner: string } {
  const parts = relative(src, path).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return { module: parts[1], top: 'modules', inner: parts.slice(2).join('/') };
  return { top: parts[0]!, inner: parts.slice(1).join('/') };
}

/** Plumbing: shared by every module, so it imports none of them (they hand it what it needs by registration). */
const plumbing = new Set(['plugins', 'lib', 'db']);

export interface ModuleImport {
  file: string;
  spec: string;
  /** The module the file belongs to, if any. */
  from?: string;
  /** The module imported, and the file of it (`index.ts` for its door). */
  to: string;
  inner: string;
}

/** Every import of a module in one file's text: static, side-effect and dynamic imports, and re-exports. */
export function moduleImports(file: string, text: string): ModuleImport[] {
  const from = placeOf(file).module;
  const found: ModuleImport[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = placeOf(resolve(dirname(file), match[1]!));
    if (target.module === undefined || target.module === from) continue;
    found.push({ file: relative(src, file), spec: match[1]!, ...(from ? { from } : {}), to: target.module, inner: target.inner });
  }
  return found;
}

/**
 * The rules a file's imports break: another module's inner file, another module's plugin (only
 * app.ts registers plugins: `modules/<m>/plugin.ts`), or a module imported by plumbing.
 */
export function brokenRules(file: string, text: string): string[] {
  const top = placeOf(file).top;
  return moduleImports(file, text).flatMap((i) => {
    const broken: string[] = [];
    if (i.inner === 'plugin.ts') {
      if (top !== 'app.ts') broken.push(`${i.file} imports ${i.spec}: a module's plugin (only app.ts imports modules/${i.to}/plugin.ts)`);
    } else if (i.inner !== 'index.ts') broken.push(`${i.file} imports ${i.spec}: another module's inner file (only modules/${i.to}/index.ts may be imported)`);
    if (plumbing.has(top)) broken.push(`${i.file} imports ${i.spec}: ${top}/ imports no module`);
    return broken;
  });
}

/**
 * Whether a file registers routes: a module's plugin, a routes file (`routes.ts`, `*-routes.ts`), or
 * one that declares a route (`app.get('/…'`, `app.route({`), registers route plugins or a settings document.
 */
export function registersRoutes(file: string, text: string): boolean {
  return (
    /(?:^|[/-])routes\.ts$/.test(file) ||
    /(?:^|\/)plugin\.ts$/.test(file) ||
    /\bapiModule\s*[<(]/.test(text) ||
    /\.(?:get|post|put|patch|delete|head|options)\s*(?:<[^>]*>)?\(\s*['"`]\//.test(text) ||
    /\.route\(\s*\{/.test(text) ||
    /\bdocumentRoutes\(/.test(text) ||
    /\.register\(\s*\w*[rR]outes\b/.test(text)
  );
}

/** The files of its own module a file imports (static, dynamic, re-exports), as paths under src/. */
function ownImports(file: string, text: string): string[] {
  const module = placeOf(file).module;
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((m) => resolve(dirname(file), m[1]!))
    .filter((target) => module !== undefined && placeOf(target).module === module);
}

/**
 * The longest chain of modules, each importing the next (every import counts, type-only ones too):
 * the graph has no circle (the test above), so this is its height.
 */
export function longestChain(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const memo = new Map<string, string[]>();
  const from = (n: string): string[] => {
    const known = memo.get(n);
    if (known) return known;
    let best = [n];
    for (const w of [...(edges.get(n) ?? [])].sort()) {
      const chain = [n, ...from(w)];
      if (chain.length > best.length) best = chain;
    }
    memo.set(n, best);
    return best;
  };
  return [...edges.keys()].sort().map(from).reduce((a, b) => (b.length > a.length ? b : a), []);
}

/**
 * The circles in a graph of modules: for each group of modules that reach one another, the
 * shortest path from its first module round to itself (a -> b -> a), enough to show where to cut.
 */
export function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const next = (n: string) => [...(edges.get(n) ?? [])].sort();
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group = stack.splice(stack.indexOf(v));
      if (group.length > 1 || next(v).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups
    .map((group) => {
      const start = group[0]!;
      const inGroup = new Set(group);
      // Breadth first from the start, within the group, until an edge leads back to it.
      const cameFrom = new Map<string, string>();
      const queue = [start];
      for (let i = 0; i < queue.length; i++) {
        const v = queue[i]!;
        for (const w of next(v)) {
          if (w === start) {
            const path = [v];
            while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
            return [...path, start];
          }
          if (inGroup.has(w) && !cameFrom.has(w)) {
            cameFrom.set(w, v);
            queue.push(w);
          }
        }
      }
      return group;
    })
    .sort((x, y) => x[0]!.localeCompare(y[0]!));
}

/** The layers table of docs/architecture.md ("## Layers"): each module's layer. */
export function layersOf(markdown: string): Map<string, number> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Layers\n')) ?? '';
  const layers = new Map<string, number>();
  for (const row of section.matchAll(/^\| (\d+) \| ([^|]+) \|$/gm)) {
    for (const name of row[2]!.split(',')) {
      const module = name.trim();
      if (layers.has(module)) throw new Error(`${module} is in two layers`);
      layers.set(module, Number(row[1]));
    }
  }
  return layers;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

const files = sourceFiles(src).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** Which module imports which (every import, type-only ones too). */
function moduleGraph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { file, text } of files) {
    for (const i of moduleImports(file, text)) {
      if (i.from === undefined) continue;
      if (!edges.has(i.from)) edges.set(i.from, new Set());
      edges.get(i.from)!.add(i.to);
    }
  }
  return edges;
}

// docs/architecture.md, "Modules and their doors". Tests and benchmarks may reach inside a module;
// everything in src/ (the demo seed and app.ts too) goes through the doors.
describe('module boundaries', () => {
  it('finds an import of another module however it is written', () => {
    const file = join(src, 'modules', 'creatives', 'banners.ts');
    const text = [
      "import { assertMayGetLinks } from '../links/approval.ts';",
      "import { trackingUrl } from '../links/index.ts';",
      "const job = () => import('../jobs/queue.ts');",
      "export { x } from '../../modules/tiers/service.ts';",
      "import '../settings/sections.ts';",
      "import { storeUpload } from '../uploads/index.ts';",
      "import { toBanner } from './files.ts';",
      "import { recordEvent } from '../../lib/events.ts';",
    ].join('\n');
    expect(moduleImports(file, text).map((i) => i.to)).toEqual(['links', 'links', 'jobs', 'tiers', 'settings', 'uploads']);
    expect(brokenRules(file, text)).toHaveLength(4);
  });

  it('refuses any module in plugins/, lib/ and db/, even through its door', () => {
    expect(brokenRules(join(src, 'plugins', 'auth.ts'), "import { touchSession } from '../modules/auth/index.ts';")).toEqual([
      "plugins/auth.ts imports ../modules/auth/index.ts: plugins/ imports no module",
    ]);
    expect(brokenRules(join(src, 'lib', 'x.ts'), "import type { Mailer } from '../modules/email/mailer.ts';")).toHaveLength(2);
    expect(brokenRules(join(src, 'app.ts'), "import { authModule } from './modules/auth/plugin.ts';")).toEqual([]);
  });

  it("refuses another module's plugin anywhere but app.ts", () => {
    expect(brokenRules(join(src, 'modules', 'payouts', 'close.ts'), "import { ledgerModule } from '../ledger/plugin.ts';")).toEqual([
      "modules/payouts/close.ts imports ../ledger/plugin.ts: a module's plugin (only app.ts imports modules/ledger/plugin.ts)",
    ]);
    expect(brokenRules(join(src, 'seed', 'demo.ts'), "import { sitesModule } from '../modules/sites/plugin.ts';")).toHaveLength(1);
  });

  it('tells a file that registers routes from one that does not', () => {
    expect(registersRoutes('modules/x/service.ts', "app.get(\n    '/v1/x',\n    { schema },")).toBe(true);
    expect(registersRoutes('modules/x/service.ts', 'await app.register(xRoutes);')).toBe(true);
    expect(registersRoutes('modules/x/service.ts', "export const xModule = apiModule('x', async () => {});")).toBe(true);
    expect(registersRoutes('modules/x/action-routes.ts', '')).toBe(true);
    expect(registersRoutes('modules/x/service.ts', "const total = totals.get('x'); app.jobs.register(JOB, job);")).toBe(false);
  });

  it("reads the layers table, and only it", () => {
    const doc = ['## Layers', '', '| Layer | Modules |', '|---|---|', '| 0 | jobs, uploads |', '| 1 | caps |', '', '## Next', '| 5 | nope |'].join('\n');
    expect([...layersOf(doc)]).toEqual([
      ['jobs', 0],
      ['uploads', 0],
      ['caps', 1],
    ]);
  });

  it('finds the longest chain of modules', () => {
    const graph = new Map([
      ['a', new Set(['b', 'd'])],
      ['b', new Set(['c'])],
      ['d', new Set<string>()],
    ]);
    expect(longestChain(graph)).toEqual(['a', 'b', 'c']);
  });

  it('reports each circle once, as a path round it', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c', 'a'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'a']]);
    graph.get('b')!.delete('a');
    expect(circles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    graph.set('e', new Set(['f']));
    graph.set('f', new Set(['e']));
    expect(circles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'f', 'e'],
    ]);
    expect(circles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  it('no file imports another module except through its index.ts, and plumbing imports no module', () => {
    expect(files.flatMap(({ file, text }) => brokenRules(file, text))).toEqual([]);
  });

  it('no two modules depend on each other, directly or round a circle', () => {
    expect(circles(moduleGraph()).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('a door hands out verbs: no index.ts registers anything or loads, through its own files, a file that registers routes', () => {
    const byPath = new Map(files.map(({ file, text }) => [file, text]));
    const doors = files.filter(({ file }) => placeOf(file).module !== undefined && placeOf(file).inner === 'index.ts');
    const loaded = doors.flatMap(({ file }) => {
      // Every file of its own module the door loads, and through which import.
      const seen = new Map<string, string>([[file, relative(src, file)]]);
      const queue = [file];
      for (let i = 0; i < queue.length; i++) {
        const at = queue[i]!;
        for (const next of ownImports(at, byPath.get(at) ?? '')) {
          if (seen.has(next)) continue;
          seen.set(next, `${seen.get(at)!} -> ${placeOf(next).inner}`);
          queue.push(next);
        }
      }
      return [...seen].filter(([path]) => registersRoutes(relative(src, path), byPath.get(path) ?? '')).map(([, via]) => via);
    });
    expect(loaded).toEqual([]);
  });

  it('conversions/ holds the decision and the writers only: the conversion log and fraud review live in their own modules', () => {
    const inConversions = files.filter(({ file }) => placeOf(file).module === 'conversions').map(({ file }) => placeOf(file).inner).sort();
    // decision.ts decides; service.ts (one transaction), batch.ts (+ batch-sql.ts) and reverse.ts, refunds.ts, release.ts write;
    // attribution.ts and pricing.ts read what the decision needs; routes.ts is the sites' POST /v1/conversions, registered by plugin.ts.
    expect(inConversions).toEqual(['attribution.ts', 'batch-sql.ts', 'batch.ts', 'decision.ts', 'index.ts', 'plugin.ts', 'pricing.ts', 'refunds.ts', 'release.ts', 'reverse.ts', 'routes.ts', 'service.ts']);
    const routesOf = (module: string) => files.filter(({ file }) => placeOf(file).module === module).flatMap(({ text }) => [...text.matchAll(/app\.(?:get|post|put|patch|delete)\(\s*'([^']+)'/g)].map((m) => m[1]!));
    expect(routesOf('conversions').filter((path) => /conversion-log|fraud|appeal|held/.test(path))).toEqual([]);
    expect(routesOf('conversion-log')).toEqual(expect.arrayContaining(['/v1/conversion-log', '/v1/conversion-log/:id/reverse', '/v1/conversion-log/:id/attach']));
    expect(routesOf('fraud').some((path) => path.includes('held'))).toBe(true);
  });

  it('no chain of modules is longer than 8, counting every import between them', () => {
    const chain = longestChain(moduleGraph());
    expect(chain.length, `longest chain (${chain.length}): ${chain.join(' -> ')}`).toBeLessThanOrEqual(8);
  });

  it('every import between modules goes down the layers of docs/architecture.md, eight at most, each module in one', () => {
    const layers = layersOf(readFileSync(resolve(src, '../../../docs/architecture.md'), 'utf8'));
    const modules = readdirSync(join(src, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(Math.max(...layers.values())).toBeLessThan(8);
    expect(modules.filter((m) => !layers.has(m)), 'modules missing from the layers table').toEqual([]);
    expect([...layers.keys()].filter((m) => !modules.includes(m)), 'layers naming no module').toEqual([]);
    const upwards = [...moduleGraph()].flatMap(([from, tos]) => [...tos].filter((to) => layers.get(to)! >= layers.get(from)!).map((to) => `${from} (layer ${layers.get(from)}) -> ${to} (layer ${layers.get(to)})`));
    expect(upwards).toEqual([]);
  });

  it('every module has its door', () => {
    const modules = readdirSync(join(src, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(modules.filter((m) => !files.some(({ file }) => file === join(src, 'modules', m.name, 'index.ts'))).map((m) => m.name)).toEqual([]);
  });
});
