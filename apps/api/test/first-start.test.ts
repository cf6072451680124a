import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { permissions } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { roles, users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/lib/password.ts';
import { demoAccounts } from '../src/seed/demo.ts';
import { createTestApp, testConfig } from './helpers.ts';

class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

describe('first start', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers) await c();
  });

  it('creates the owner with every permission from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const t = await createTestApp();
    closers.push(t.close);
    const rows = await t.app.db.select().from(users).leftJoin(roles, eq(users.roleId, roles.id));
    expect(rows).toHaveLength(1);
    const owner = rows[0]!;
    expect(owner.users.email).toBe('owner@example.com');
    expect(owner.users.isClient).toBe(false);
    expect(owner.users.isActive).toBe(true);
    expect([...(owner.roles?.permissions ?? [])].sort()).toEqual([...permissions].sort());
    expect(await verifyPassword(owner.users.passwordHash!, 'owner-password-1')).toBe(true);
  });

  it('prints a random owner password once when none is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-owner-'));
    const config = { ...testConfig({ ADMIN_PASSWORD: '', ADMIN_EMAIL: '' }), database: { kind: 'pglite' as const, dir }, logLevel: 'info' };
    const firstLog = new LogCapture();
    const first = await buildApp(config, { logStream: firstLog });
    const [owner] = await first.db.select().from(users);
    await first.close();
    expect(owner?.email).toBe('admin@example.com');
    const match = /with password (\S+) /.exec(firstLog.text);
    expect(match).not.toBeNull();
    expect(await verifyPassword(owner!.passwordHash!, match![1]!)).toBe(true);

    const secondLog = new LogCapture();
    const second = await buildApp(config, { logStream: secondLog });
    closers.push(() => second.close());
    expect(secondLog.text).not.toContain(match![1]!);
    expect(secondLog.text).not.toContain('Owner account created');
  });

  it('keeps data in the embedded database across restarts and seeds only once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-restart-'));
    const config = { ...testConfig({ DEMO_DATA: '1' }), database: { kind: 'pglite' as const, dir } };
    const first = await buildApp(config);
    await first.db.update(users).set({ name: 'Renamed Owner' }).where(eq(users.email, 'owner@example.com'));
    await first.close();

    const second = await buildApp(config);
    closers.push(() => second.close());
    const all = await second.db.select().from(users);
    expect(all.map((u) => u.email).sort()).toEqual(['affiliate@example.com', 'manager@example.com', 'owner@example.com']);
    expect(all.find((u) => u.email === 'owner@example.com')?.name).toBe('Renamed Owner');
    const affiliate = all.find((u) => u.email === demoAccounts.affiliate.email)!;
    expect(affiliate.isClient).toBe(true);
    expect(await verifyPassword(affiliate.passwordHash!, demoAccounts.affiliate.password)).toBe(true);
  });
});
