import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { type AppConfig, type LoadedConfig, loadConfig } from '../src/config.ts';
import type { DatabaseConfig } from '../src/config.ts';

/** The migrated data directory the run's global setup dumped (global-setup.ts), read once per file. */
let pgliteSnapshot: Blob | undefined;

/**
 * A fresh database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a new database
 * on the TEST_DATABASE_URL server, dropped again by `drop`. Under the run's global setup it starts
 * migrated (a copy of its PGlite data directory or its PostgreSQL template); without it (Stryker's
 * Vitest configs) it is empty and the app migrates it.
 */
export async function freshDatabase(): Promise<{ config: DatabaseConfig; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) pgliteSnapshot ??= new Blob([readFileSync(snapshot)]);
    return { config: { kind: 'pglite', dir: 'memory://', ...(snapshot ? { loadDataDir: pgliteSnapshot } : {}) }, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
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
  const config = loadedTestConfig(env);
  if (config.jwtSecret === undefined) throw new Error('testConfig gives JWT_SECRET; use loadedTestConfig for the secret kept in the database');
  return { ...config, jwtSecret: config.jwtSecret };
}

/** The test configuration as loaded: `JWT_SECRET: ''` leaves the signing secret to the database. */
export function loadedTestConfig(env: Record<string, string> = {}): LoadedConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
    WEB_DIST: join(dataDir, 'no-web-build'),
    // The daily ECB load finds nothing here (a closed port): tests serve their own rates.
    ECB_RATES_URL: 'http://127.0.0.1:9/',
    // Nor the data-centre list refresh: tests serve their own list.
    DATACENTER_LIST_URL: 'http://127.0.0.1:9/datacenter.txt',
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

export interface TestInstances {
  apps: FastifyInstance[];
  configs: LoadedConfig[];
  /** Another instance on the same database, with a data directory of its own (a restart, or one more machine). */
  start: (env?: Record<string, string>) => Promise<FastifyInstance>;
  close: () => Promise<void>;
}

/**
 * Several instances of the app on one database, each with its own data directory, as on several
 * machines. Without JWT_SECRET (the default here) they must agree through the database. On
 * PostgreSQL each opens its own pool; the embedded database is one process's, so there they share it.
 */
export async function createInstances(count: number, env: Record<string, string> = {}): Promise<TestInstances> {
  const db = await freshDatabase();
  const shared = db.config.kind === 'pglite' ? await openDatabase(db.config) : undefined;
  const apps: FastifyInstance[] = [];
  const configs: LoadedConfig[] = [];
  const start = async (more: Record<string, string> = {}) => {
    const config = { ...loadedTestConfig({ JWT_SECRET: '', ...env, ...more }), database: db.config };
    configs.push(config);
    const app = await buildApp(config, shared ? { database: shared } : {});
    apps.push(app);
    await app.ready();
    return app;
  };
  await Promise.all(Array.from({ length: count }, () => start()));
  return {
    apps,
    configs,
    start,
    close: async () => {
      for (const app of apps) await app.close();
      await shared?.close();
      await db.drop();
      for (const c of configs) rmSync(c.dataDir, { recursive: true, force: true });
    },
  };
}
