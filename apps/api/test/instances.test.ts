import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { instanceSecrets } from '../src/db/schema/index.ts';
import { legacySecretFile, sharedSigningSecret } from '../src/lib/shared-secret.ts';
import { createInstances, freshDatabase, type TestInstances } from './helpers.ts';
import { bearer, createAffiliate } from './support/users.ts';

const signInOn = async (app: TestInstances['apps'][number], email: string, password: string) => {
  const res = await app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { access_token: string; refresh_token: string };
};
const profileOn = (app: TestInstances['apps'][number], tokens: { access_token: string }) =>
  app.inject({ method: 'GET', url: '/v1/user/profile', headers: bearer(tokens) });

describe('several instances on one database, each with its own data directory', () => {
  let c: TestInstances;
  beforeAll(async () => {
    // Both start at once: the secret is created once, whichever instance gets there first.
    c = await createInstances(2);
  }, 180_000);
  afterAll(async () => c?.close());

  it('agree on the signing secret with no JWT_SECRET: a session made on one works on the other', async () => {
    const [a, b] = c.apps as [TestInstances['apps'][number], TestInstances['apps'][number]];
    expect(c.configs[0]!.dataDir).not.toBe(c.configs[1]!.dataDir);
    expect(a.config.jwtSecret).toBe(b.config.jwtSecret);
    const user = await createAffiliate(a);
    const tokens = await signInOn(a, user.email, user.password);
    expect((await profileOn(b, tokens)).statusCode).toBe(200);
    const fromB = await signInOn(b, user.email, user.password);
    expect((await profileOn(a, fromB)).statusCode).toBe(200);
    // Refresh on the other instance too.
    const refreshed = await b.inject({ method: 'POST', url: '/v1/clients/web/admin/refresh', payload: { refresh_token: tokens.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    expect((await profileOn(a, refreshed.json().data)).statusCode).toBe(200);
  });

  it('keep the secret across restarts: an instance started later accepts earlier tokens', async () => {
    const user = await createAffiliate(c.apps[0]!);
    const tokens = await signInOn(c.apps[0]!, user.email, user.password);
    const later = await c.start();
    expect(later.config.jwtSecret).toBe(c.apps[0]!.config.jwtSecret);
    expect((await profileOn(later, tokens)).statusCode).toBe(200);
  });

  it('keep the secret in the database once, never in the data directory', async () => {
    const rows = await c.apps[0]!.db.select().from(instanceSecrets);
    expect(rows.map((r) => r.name)).toEqual(['jwt']);
    expect(rows[0]!.value.length).toBeGreaterThanOrEqual(32);
  });

  it('use JWT_SECRET when it is given, whatever the database holds', async () => {
    const given = await c.start({ JWT_SECRET: 'a-given-secret-that-is-long-enough-to-sign' });
    expect(given.config.jwtSecret).toBe('a-given-secret-that-is-long-enough-to-sign');
  });
});

describe('the signing secret of an existing install', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const dirs: string[] = [];
  const dirWithSecret = (secret: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-secret-'));
    dirs.push(dir);
    writeFileSync(legacySecretFile(dir), `${secret}\n`);
    return dir;
  };
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase(fresh.config);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('moves DATA_DIR/secret.key into the database on first start, so signed-in people stay signed in', async () => {
    const old = randomBytes(48).toString('base64url');
    const other = randomBytes(48).toString('base64url');
    // Two upgraded instances start at once, each offering its own file: one wins, both get it.
    const [x, y] = await Promise.all([sharedSigningSecret(database.db, dirWithSecret(old)), sharedSigningSecret(database.db, dirWithSecret(other))]);
    expect(x.secret).toBe(y.secret);
    expect([old, other]).toContain(x.secret);
    expect([x.source, y.source].sort()).toEqual(['data-dir', 'database']);
    // Later starts read it back, whatever their own file says.
    expect((await sharedSigningSecret(database.db, dirWithSecret(randomBytes(48).toString('base64url')))).secret).toBe(x.secret);
  });
});
