import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One writer per table (docs/architecture.md, "One owner each"): these tables are inserted into,
 * updated and deleted from by one module only; every other module calls that module's verbs.
 * Read: every file of apps/api/src but the tests. Outside the rule: the demo and first-start seed
 * (`src/seed/`, which fills an empty database) and the migrations (`apps/api/drizzle`, SQL).
 */
const owners = {
  users: 'accounts',
  affiliate_profiles: 'accounts',
  jobs: 'jobs',
  subscriptions: 'billers',
} as const;
type Table = keyof typeof owners;

/**
 * Writers that are known and are to move to the owner: none today. Write one as
 * `'<table> <module>/<file>'` with a comment saying why it waits (for instance
 * `// pending: conversion path`), and take it out once it moved.
 */
const pending: ReadonlySet<string> = new Set<string>([]);

/** The Drizzle schema's name of each table, as the code imports it. */
const schemaNames: Record<string, Table> = { users: 'users', affiliateProfiles: 'affiliate_profiles', jobs: 'jobs', subscriptions: 'subscriptions' };

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** The text without comments, with the lines kept where they were (strings are left alone). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * The tables a file's text writes, with the line: Drizzle's `insert(t)`, `update(t)`, `delete(t)`
 * (whatever name the schema's table is imported under, `schema.users` too, and `${t}` in SQL), and
 * SQL text `INSERT INTO t`, `UPDATE t`, `DELETE FROM t`.
 */
export function writesIn(text: string): Array<{ table: Table; line: number }> {
  const code = withoutComments(text);
  const local = new Map<string, Table>(Object.entries(schemaNames));
  for (const imp of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][^'"]*db\/schema[^'"]*['"]/g)) {
    for (const spec of imp[1]!.split(',')) {
      const m = /^\s*(?:type\s+)?(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(spec);
      if (m && schemaNames[m[1]!] && m[2]) local.set(m[2], schemaNames[m[1]!]!);
    }
  }
  const names = [...local.keys()].join('|');
  const sqlNames = Object.keys(owners).join('|');
  const patterns: Array<[RegExp, (m: RegExpMatchArray) => Table | undefined]> = [
    [new RegExp(`\\.\\s*(?:insert|update|delete)\\s*\\(\\s*(?:\\w+\\.)?(${names})\\s*,?\\s*\\)`, 'g'), (m) => local.get(m[1]!)],
    [new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*(?:\\w+\\.)?(${names})\\s*\\}`, 'gi'), (m) => local.get(m[1]!)],
    [new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+(?:public\\.)?"?(${sqlNames})"?(?![\\w$])`, 'gi'), (m) => m[1]!.toLowerCase() as Table],
  ];
  const found: Array<{ table: Table; line: number }> = [];
  for (const [pattern, tableOf] of patterns) {
    for (const m of code.matchAll(pattern)) {
      const table = tableOf(m);
      if (table) found.push({ table, line: code.slice(0, m.index).split('\n').length });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** `modules/<m>/...` answers the module; anything else (lib/, plugins/, db/, app.ts) is its top folder or file. */
function writerOf(file: string): string {
  const parts = relative(src, file).split(sep);
  return parts[0] === 'modules' ? parts[1]! : parts[0]!;
}

describe('one writer per table', () => {
  it('finds a write however it is spelled', () => {
    const text = [
      "import { affiliateProfiles as profiles, users } from '../../db/schema/index.ts';",
      'await tx.insert(users).values({ email });',
      'await db',
      '  .update(',
      '    profiles,',
      '  )',
      '  .set({ company });',
      'await db.delete(schema.jobs).where(x);',
      "await db.execute(sql`update subscriptions set status = ${s}`);",
      "const text = `INSERT INTO jobs (kind, payload) SELECT 'x', null`;",
      'await db.execute(sql`delete from ${users} where id = ${id}`);',
      '// update users: a comment, not a write',
      'await db.select().from(users).for("update");',
      'await db.insert(userNotes).values({});',
      "await db.execute(sql`select 1 from users u where u.id = ${id} for update`);",
    ].join('\n');
    expect(writesIn(text)).toEqual([
      { table: 'users', line: 2 },
      { table: 'affiliate_profiles', line: 4 },
      { table: 'jobs', line: 8 },
      { table: 'subscriptions', line: 9 },
      { table: 'jobs', line: 10 },
      { table: 'users', line: 11 },
    ]);
  });

  it('users and affiliate profiles are written by accounts/ only, jobs by jobs/, subscriptions by billers/', () => {
    const files = sourceFiles(src).filter((file) => relative(src, file).split(sep)[0] !== 'seed');
    expect(files.length).toBeGreaterThan(300);
    const writes = files.flatMap((file) => writesIn(readFileSync(file, 'utf8')).map((w) => ({ ...w, file, writer: writerOf(file) })));
    // The scan sees each owner's own writes (a scan that reads nothing would pass anything).
    for (const [table, owner] of Object.entries(owners)) expect(writes.some((w) => w.table === table && w.writer === owner), `${owner}/ writes ${table}`).toBe(true);
    const strays = writes
      .filter((w) => w.writer !== owners[w.table])
      .map((w) => `${w.table} ${relative(join(src, 'modules'), w.file).split(sep).join('/')}`)
      .filter((w) => !pending.has(w));
    expect(
      strays.map((w) => `${w}: call the ${owners[w.split(' ')[0] as Table]} module's verbs instead`),
      'a second writer of a table that has one owner',
    ).toEqual([]);
  });
});
