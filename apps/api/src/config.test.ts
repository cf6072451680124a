import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), JWT_SECRET: 'x'.repeat(40) });

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig(base());
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('pglite');
    expect(c.adminEmail).toBe('admin@example.com');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.demoData).toBe(false);
  });

  it('stops on a wrong value and names the variable', () => {
    expect(() => loadConfig({ ...base(), PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), PORT: 'abc' })).toThrow(/PORT: expected a port number from 1 to 65535 \(got "abc"\)/);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base(), ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ ...base(), DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('chooses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ ...base(), DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
  });

  it('takes DATABASE_REPLICA_URL only together with DATABASE_URL', () => {
    const c = loadConfig({ ...base(), DATABASE_URL: 'postgres://u@10.0.0.1/db', DATABASE_REPLICA_URL: 'postgres://u@10.0.0.2/db' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@10.0.0.1/db', replicaUrl: 'postgres://u@10.0.0.2/db' });
    expect(() => loadConfig({ ...base(), DATABASE_REPLICA_URL: 'postgres://u@10.0.0.2/db' })).toThrow(/DATABASE_REPLICA_URL: a read replica needs DATABASE_URL/);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'postgres://u@10.0.0.1/db', DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(/DATABASE_REPLICA_URL: expected a postgres/);
    expect(loadConfig({ ...base(), DATABASE_URL: 'postgres://u@10.0.0.1/db', DATABASE_REPLICA_URL: '' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@10.0.0.1/db' });
  });

  it('leaves the signing secret to the database when JWT_SECRET is not given', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')) }).jwtSecret).toBeUndefined();
    expect(loadConfig(base()).jwtSecret).toBe('x'.repeat(40));
  });
});
