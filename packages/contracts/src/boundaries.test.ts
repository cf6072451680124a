import { describe, expect, it } from 'vitest';

declare global {
  interface ImportMeta {
    /** Vite's file glob (vitest runs on Vite): every matching file's text, keyed by its path. */
    glob<T>(pattern: string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, T>;
  }
}

// Paths are relative to this folder, e.g. './rules/field.ts'.
const sources = import.meta.glob<string>(['./**/*.ts'], { query: '?raw', import: 'default', eager: true });

/** Every module a file names in an import or export, static or dynamic. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) out.push(m[1]!);
  return out;
}

/** Whether a relative import from `file` stays inside this folder. */
function staysInside(file: string, spec: string): boolean {
  const parts = file.split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') {
      parts.pop();
      if (!parts.length) return false;
    } else if (p !== '.') parts.push(p);
  }
  return true;
}

// Besides zod, the ISO 4217 list (currency-codes: plain data, for currencies.ts) is shared by both
// apps; the one CSV writer (csv.ts) is written here, with no dependency.
const allowed = (file: string, spec: string) =>
  spec.startsWith('.')
    ? staysInside(file, spec)
    : spec === 'zod' || spec.startsWith('zod/') || (file === './currencies.ts' && spec === 'currency-codes') || (file.endsWith('.test.ts') && (spec === 'vitest' || spec === 'fast-check'));

// The browser bundle and the server both load the contracts: they must not pull in either app.
describe('contracts boundary', () => {
  it('reads every contract file', () => {
    expect(Object.keys(sources)).toContain('./index.ts');
    expect(Object.keys(sources)).toContain('./rules/field.ts');
  });

  it('imports only its own files, zod, the CSV writer, the ISO 4217 list and (in tests) the test tools', () => {
    const outside = Object.entries(sources).flatMap(([file, source]) => specifiers(source).filter((spec) => !allowed(file, spec)).map((spec) => `${file} -> ${spec}`));
    expect(outside).toEqual([]);
  });

  it('notices an import of an app, however it is written', () => {
    const names = (source: string) => specifiers(source).filter((spec) => !allowed('./offers.ts', spec));
    expect(names("import { Db } from '../../../apps/api/src/db/client.ts';")).toEqual(['../../../apps/api/src/db/client.ts']);
    expect(names("export * from '@portal/web';")).toEqual(['@portal/web']);
    expect(names("import {\n  a,\n  b,\n} from 'fastify';\nimport './rules/field.ts';")).toEqual(['fastify']);
    expect(names("const x = await import('../../apps/web/src/lib/api.ts');")).toEqual(['../../apps/web/src/lib/api.ts']);
  });
});
