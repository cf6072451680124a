import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, FailoverPool, isDatabaseLost, parseMultiHostUrl } from './failover.ts';

describe('a DATABASE_URL with several hosts', () => {
  it('names each host with the rest of the address, without target_session_attrs', () => {
    const u = parseMultiHostUrl('postgres://app:s%40cret@db1:5432,db2:5433,[::1]/portal?target_session_attrs=read-write&sslmode=disable');
    expect(u.hosts).toEqual([
      { host: 'db1', port: 5432 },
      { host: 'db2', port: 5433 },
      { host: '::1', port: 5432 },
    ]);
    expect(u.hosts.map((h) => u.urlFor(h))).toEqual([
      'postgres://app:s%40cret@db1:5432/portal?sslmode=disable',
      'postgres://app:s%40cret@db2:5433/portal?sslmode=disable',
      'postgres://app:s%40cret@[::1]:5432/portal?sslmode=disable',
    ]);
  });

  it('reads one host as a list of one, with the default port', () => {
    const u = parseMultiHostUrl('postgresql://localhost/portal');
    expect(u.hosts).toEqual([{ host: 'localhost', port: 5432 }]);
    expect(u.urlFor(u.hosts[0]!)).toBe('postgresql://localhost:5432/portal');
  });

  it('tells a database that went away from a statement that failed', () => {
    expect(isDatabaseLost(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseLost(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseLost(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }))).toBe(true);
    // Drizzle wraps the driver's error.
    expect(isDatabaseLost(new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isDatabaseLost(new DatabaseUnavailableError())).toBe(true);
    expect(isDatabaseLost(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseLost(Object.assign(new Error('division by zero'), { code: '22012' }))).toBe(false);
  });

  it('answers "unavailable" within its wait when no host answers, and does not crash', async () => {
    // Port 9 on this machine: nothing listens, so each try is refused at once.
    const pool = new FailoverPool('postgres://postgres@127.0.0.1:9,127.0.0.1:10/portal', { pool: { max: 2 }, waitMs: 300 });
    const started = Date.now();
    await expect(pool.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(pool.connect()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pool.available).toBe(false);
    await pool.end();
  });
});
