import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { DatabaseConfig } from '../src/config.ts';

/**
 * A fresh database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a new database
 * on the TEST_DATABASE_URL server, dropped again by `drop`.
 */
export async function freshDatabase(): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    return { config: { kind: 'pglite', dir: 'memory://' }, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close: () => Promise<void>;
}

/** Builds the real app on a fresh database; `close` shuts it and removes the database. */
export async function createTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const db = await freshDatabase();
  const config = { ...testConfig(env), database: db.config };
  const app = await buildApp(config);
  prepare?.(app);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await db.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
