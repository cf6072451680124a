import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateEmbedded, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an embedded data directory with every migration run (`freshDatabase` loads it). */
    pgliteSnapshot?: string;
    /** A PostgreSQL database with every migration run, each test file's database is copied from. */
    postgresTemplate?: string;
  }
}

/**
 * Once per run of an API project: migrate one database, which every test file's fresh database then
 * starts from (PGlite: a dumped data directory, PostgreSQL: `create database … template …`) instead of
 * running initdb and every migration again. A file run without it (no global setup) migrates its own.
 * Per run, so a changed migration is always in.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') return postgresTemplate(project);
  return pgliteSnapshot(project);
}

async function pgliteSnapshot(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
  const client = await PGlite.create('memory://');
  await migrateEmbedded(client);
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: a template is copied only while nobody is connected to it.
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
