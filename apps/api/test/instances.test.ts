import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { instanceSecrets } from '../src/db/schema/index.ts';
import { legacySecretFile, sharedSigningSecret } from '../src/lib/shared-secret.ts';
import { createInstances, freshDatabase, type TestInstances } from './helpers.ts';
import { permissions } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { offers, users } from '../src/db/schema/index.ts';
import { limits } from '../src/lib/rate-limiter.ts';
import { LINK_CACHE_TTL_MS } from '../src/modules/links/resolve.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { demoAccounts } from '../src/seed/demo.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn, uniqueEmail } from './support/users.ts';

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

  it('answer one refresh token sent to both at once with the same new pair, and the session lives on', async () => {
    const [a, b] = c.apps as [TestInstances['apps'][number], TestInstances['apps'][number]];
    const user = await createAffiliate(a);
    const tokens = await signInOn(a, user.email, user.password);
    const refresh = (app: typeof a) => app.inject({ method: 'POST', url: '/v1/clients/web/admin/refresh', payload: { refresh_token: tokens.refresh_token } });
    const replies = await Promise.all([refresh(a), refresh(b), refresh(a), refresh(b)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const pairs = replies.map((r) => r.json().data);
    for (const pair of pairs) expect(pair).toEqual(pairs[0]);
    expect((await profileOn(b, pairs[0])).statusCode).toBe(200);
    expect((await b.inject({ method: 'POST', url: '/v1/clients/web/admin/refresh', payload: { refresh_token: pairs[0].refresh_token } })).statusCode).toBe(200);
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

describe('rate limits shared by the instances', () => {
  let c: TestInstances;
  beforeAll(async () => {
    c = await createInstances(2);
  }, 180_000);
  afterAll(async () => c?.close());

  /** Failed sign-ins from one address, taking turns over the given instances, until one is refused. */
  const failuresUntilRefused = async (apps: TestInstances['apps'], address: string) => {
    for (let attempt = 1; attempt <= limits.loginFailuresPerIp + 5; attempt++) {
      const app = apps[attempt % apps.length]!;
      // A new email each time: the per-account slow-down stays out of the way of the per-address limit.
      const res = await app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: uniqueEmail('guess'), password: 'wrong-password-1' }, remoteAddress: address });
      if (res.statusCode === 429) return { attempt, res };
      expect(res.statusCode).toBe(401);
    }
    throw new Error('never refused');
  };

  it('refuse sign-in failures spread over two instances at the same count as on one', async () => {
    const one = await failuresUntilRefused([c.apps[0]!], '10.9.0.1');
    const two = await failuresUntilRefused(c.apps, '10.9.0.2');
    expect(one.attempt).toBe(limits.loginFailuresPerIp + 1);
    expect(two.attempt).toBe(one.attempt);
    for (const { res } of [one, two]) {
      expect(res.json()).toEqual({ error_code: 'too_many_requests', message: one.res.json().message });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(limits.windowMs / 1000 - 120);
      expect(retryAfter).toBeLessThanOrEqual(limits.windowMs / 1000);
    }
    // The other instance refuses that address too, and a fresh address still gets in line.
    const other = await c.apps[0]!.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: uniqueEmail('guess'), password: 'x-password-1' }, remoteAddress: '10.9.0.2' });
    expect(other.statusCode).toBe(429);
  });

  it('count Contact Us messages from one address across the instances', async () => {
    const statuses: number[] = [];
    const retryAfter: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await c.apps[i % 2]!.inject({
        method: 'POST',
        url: '/v1/contact',
        payload: { name: 'Visitor', email: 'visitor@example.com', message: `Question number ${i}` },
        remoteAddress: '10.9.1.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter.push(Number(res.headers['retry-after']));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(retryAfter.every((s) => s > 800 && s <= 900)).toBe(true);
  });
});

describe('a paused offer or a deactivated affiliate on every instance', () => {
  let c: TestInstances;
  const mail = new MailCatcher();
  beforeAll(async () => {
    c = await createInstances(2, { SMTP_URL: await mail.start() });
  }, 180_000);
  afterAll(async () => {
    await c?.close();
    await mail.stop();
  });

  /** Clicks on the instance until one is not counted (no click id); answers how long that took. */
  const untilNotCounted = async (app: TestInstances['apps'][number], url: string) => {
    const start = Date.now();
    while (Date.now() - start < LINK_CACHE_TTL_MS * 3) {
      if ((await click(app, url)).cid === null) return Date.now() - start;
      await new Promise((r) => setTimeout(r, 100));
    }
    return Infinity;
  };

  it(`stop counting on every instance within ${LINK_CACHE_TTL_MS / 1000} seconds, even an instance that knew the link`, { timeout: 120_000 }, async () => {
    const [a, b] = c.apps as [TestInstances['apps'][number], TestInstances['apps'][number]];
    const staffUser = await createStaff(a, [...permissions]);
    const staff = await signIn(a, mail, staffUser.email, staffUser.password);
    const catalogue = await createCatalogue(a, staff, { name: 'sharedcache', payoutType: 'cpa', payout: 500 });
    const affiliate = await createAffiliate(a);
    const link = await trackingLink(a, await signIn(a, mail, affiliate.email, affiliate.password), catalogue.offerId);
    // Both instances have read the link and count its clicks.
    for (const app of [a, b]) expect((await click(app, link.url)).cid).not.toBeNull();

    // Paused by whichever instance took the request: here straight in the database, as neither of these.
    await a.db.update(offers).set({ status: 'paused' }).where(eq(offers.id, catalogue.offerId));
    for (const app of [a, b]) expect(await untilNotCounted(app, link.url)).toBeLessThanOrEqual(LINK_CACHE_TTL_MS + 1000);

    await a.db.update(offers).set({ status: 'active' }).where(eq(offers.id, catalogue.offerId));
    await new Promise((r) => setTimeout(r, LINK_CACHE_TTL_MS + 100));
    for (const app of [a, b]) expect((await click(app, link.url)).cid).not.toBeNull();

    await a.db.update(users).set({ isActive: false }).where(eq(users.id, affiliate.id));
    for (const app of [a, b]) expect(await untilNotCounted(app, link.url)).toBeLessThanOrEqual(LINK_CACHE_TTL_MS + 1000);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('instances starting together on an empty database', () => {
  let c: TestInstances;
  beforeAll(async () => {
    // Both start at once, each ready to write the first owner and the demo data.
    c = await createInstances(2, { DEMO_DATA: '1' });
  }, 240_000);
  afterAll(async () => c?.close());

  it('write the first owner and the demo data once, and both serve them', async () => {
    const db = c.apps[0]!.db;
    const count = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
    expect(await count('owner@example.com')).toBe(1);
    for (const account of Object.values(demoAccounts)) expect(await count(account.email)).toBe(1);
    const demoOffers = await db.select({ name: offers.name }).from(offers);
    expect(demoOffers.length).toBeGreaterThan(0);
    expect(new Set(demoOffers.map((o) => o.name)).size).toBe(demoOffers.length);
    for (const app of c.apps) {
      const tokens = await signInOn(app, demoAccounts.affiliate.email, demoAccounts.affiliate.password);
      expect((await profileOn(app, tokens)).statusCode).toBe(200);
    }
  });
});
