import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { permissions } from '@portal/contracts';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { banks, banners, clicks, conversions, landingPages, ledgerEntries, paymentMethods, referralCommissionHolds, roles, settings, siteLogos, statsDaily, statsDailyTotals, taxForms, users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/lib/password.ts';
import { demoAccounts } from '../src/seed/demo.ts';
import { nextPayoutNote, refreshDemoDashboard } from '../src/seed/demo-coherence.ts';
import { seedDemoSettings } from '../src/seed/demo-settings.ts';
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

  it('prints a random owner password once when none is configured', { timeout: 120_000 }, async () => {
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

  // Seeding 90 days of demo traffic takes a while on a busy two-core machine.
  it('keeps data in the embedded database across restarts and seeds only once', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-restart-'));
    const config = { ...testConfig({ DEMO_DATA: '1' }), database: { kind: 'pglite' as const, dir } };
    const first = await buildApp(config);
    await first.db.update(users).set({ name: 'Renamed Owner' }).where(eq(users.email, 'owner@example.com'));
    await first.close();

    const second = await buildApp(config);
    closers.push(() => second.close());
    const all = await second.db.select().from(users);
    expect(all.map((u) => u.email).sort()).toEqual(
      [
        'accounts@northwind-media.example',
        'affiliate@example.com',
        'casey@example.com',
        'jordan@example.com',
        'lena.fischer@example.com',
        'manager@example.com',
        'mateo.alvarez@example.com',
        'owner@example.com',
        'priya.nair@example.com',
        'sam.carter@example.com',
        // The affiliates list's demo (seed/demo-affiliates.ts): a second manager, pending sign-ups, paused revshare.
        'alex.manager@example.com',
        'lukas@example.com',
        'mina@example.com',
        'noah@example.com',
        'ravi@example.com',
        'sofia@example.com',
        'tom@example.com',
        // Payment runs (seed/demo-rails.ts): the payments officer who approves runs, and payees on every rail.
        'finance@example.com',
        'payee-ach@example.com',
        'payee-paxum@example.com',
        'payee-paypal@example.com',
        'payee-sepa-accepted@example.com',
        'payee-sepa-returned@example.com',
        'payee-sepa@example.com',
        'payee-usd-wire@example.com',
        'payee-usdt@example.com',
      ].sort(),
    );
    expect(all.find((u) => u.email === 'owner@example.com')?.name).toBe('Renamed Owner');
    const affiliate = all.find((u) => u.email === demoAccounts.affiliate.email)!;
    expect(affiliate.isClient).toBe(true);
    expect(await verifyPassword(affiliate.passwordHash!, demoAccounts.affiliate.password)).toBe(true);

    // The demo traffic adds up: the rollup matches the raw clicks, conversions and the ledger.
    const [raw] = await second.db.select({ clicks: count(), unique: sql<number>`count(*) filter (where ${clicks.isUnique})` }).from(clicks);
    const [rolled] = await second.db.select({ clicks: sql<string>`sum(${statsDaily.clicks})`, unique: sql<string>`sum(${statsDaily.uniqueClicks})`, cents: sql<string>`sum(${statsDaily.earningsCents})`, conv: sql<string>`sum(${statsDaily.conversions})` }).from(statsDaily);
    const [ledger] = await second.db.select({ cents: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries).where(sql`${ledgerEntries.kind} in ('earning', 'reversal')`);
    // Orphaned reports reached no affiliate: statistics never count them; only their revenue is the network's.
    // Held (for review) and rejected ones (a fraud rule, a full cap) moved no money and are not counted either.
    const [newCustomers] = await second.db.select({ n: count() }).from(conversions).where(sql`${conversions.type} in ('signup', 'sale') and ${conversions.status} in ('accepted', 'reversed')`);
    expect(raw!.clicks).toBeGreaterThan(10_000);
    expect(Number(rolled!.clicks)).toBe(raw!.clicks);
    expect(Number(rolled!.unique)).toBe(Number(raw!.unique));
    expect(Number(rolled!.cents)).toBe(Number(ledger!.cents));
    expect(Number(rolled!.conv)).toBe(newCustomers!.n);
    expect(Number(ledger!.cents)).toBeGreaterThan(0);
    // The conversion log shows what a network meets: refunds and chargebacks (the whole ones reverse their sale) and orphaned reports.
    const kinds = await second.db.select({ status: conversions.status, type: conversions.type }).from(conversions).groupBy(conversions.status, conversions.type);
    expect(new Set(kinds.map((k) => k.status))).toEqual(new Set(['accepted', 'held', 'orphaned', 'rejected', 'reversed']));
    expect(kinds.filter((k) => k.status === 'accepted').map((k) => k.type).sort()).toEqual(['chargeback', 'rebill', 'refund', 'sale', 'signup']);
    // The network's figures add up as well: revenue is what the sites reported (orphaned sales too),
    // cost every earning, reversal, commission and bonus row; the demo network makes money.
    const figuresOf = async (t: typeof statsDaily) =>
      (await second.db.select({ revenue: sql<string>`sum(${t.revenueCents})`, cost: sql<string>`sum(${t.earningsCents} + ${t.commissionCents} + ${t.bonusCents})` }).from(t))[0]!;
    const [reported] = await second.db
      .select({ cents: sql<string>`sum(case when ${conversions.type} in ('refund', 'chargeback') then -${conversions.amountCents} else ${conversions.amountCents} end)` })
      .from(conversions)
      .where(sql`${conversions.status} in ('accepted', 'orphaned', 'reversed')`);
    const [paid] = await second.db.select({ cents: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries).where(sql`${ledgerEntries.kind} in ('earning', 'reversal', 'referral_commission', 'bonus', 'adjustment')`);
    for (const figures of [await figuresOf(statsDaily), await figuresOf(statsDailyTotals as unknown as typeof statsDaily)]) {
      expect(Number(figures.revenue)).toBe(Number(reported!.cents));
      expect(Number(figures.cost)).toBe(Number(paid!.cents));
    }
    // The demo network makes money, launch partners' bonuses (the payment runs' payees, seed/demo-rails.ts) included.
    expect(Number(reported!.cents)).toBeGreaterThan(Number(paid!.cents) * 1.2);
    const [orphaned] = await second.db.select({ n: count() }).from(conversions).where(eq(conversions.status, 'orphaned'));
    expect(orphaned!.n).toBeGreaterThan(0);
    // Demo creatives: six banners and three logos a site, made once, every landing page with its previews.
    expect((await second.db.select({ n: count() }).from(banners))[0]!.n).toBe(18);
    expect((await second.db.select({ n: count() }).from(siteLogos))[0]!.n).toBe(9);
    expect((await second.db.select({ n: count() }).from(landingPages).where(isNull(landingPages.mobileImageUuid)))[0]!.n).toBe(0);

    // The demo affiliate referred Jordan and earns a commission on each of Jordan's earnings (refunds take some back); the network pays by five
    // methods from a paying account per rail and currency (payment runs: wire in EUR and USD, ACH, Paxum, PayPal, USDT).
    const jordan = all.find((u) => u.email === 'jordan@example.com')!;
    expect(jordan.referredById).toBe(affiliate.id);
    const [referral] = await second.db
      .select({ n: count(), cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.affiliateId} = ${affiliate.id} and ${ledgerEntries.kind} = 'referral_commission' and ${ledgerEntries.amountCents} > 0`);
    const [jordanEarnings] = await second.db.select({ n: count() }).from(ledgerEntries).where(sql`${ledgerEntries.affiliateId} = ${jordan.id} and ${ledgerEntries.kind} = 'earning'`);
    expect(referral!.n).toBe(jordanEarnings!.n);
    expect(Number(referral!.cents)).toBeGreaterThan(0);
    // Casey signed up through the demo affiliate's link from the same address: one commission waits for staff's review.
    const casey = all.find((u) => u.email === 'casey@example.com')!;
    expect(casey.referredById).toBe(affiliate.id);
    expect((await second.db.select().from(referralCommissionHolds)).map((h) => [h.referrerId, h.referredId, h.kinds])).toEqual([[affiliate.id, casey.id, 'signup_ip']]);
    expect((await second.db.select().from(paymentMethods)).map((m) => m.type).sort()).toEqual(['ach', 'paxum', 'paypal', 'usdt', 'wire']);
    expect(await second.db.select().from(banks)).toHaveLength(6);
    // Tax forms in every state staff meet: most accepted (one W-8 since expired), two pending, one declined.
    const forms = await second.db.select({ status: taxForms.status, n: count() }).from(taxForms).groupBy(taxForms.status).orderBy(taxForms.status);
    expect(forms).toEqual([
      { status: 'accepted', n: 5 },
      { status: 'declined', n: 1 },
      { status: 'pending', n: 2 },
    ]);
    // It hangs together: every affiliate signed up before their first click or money row, and is in a tier.
    const late = await second.db.execute(sql`
      select u.email from users u
       where u.is_client and (u.tier_id is null
          or exists (select 1 from clicks c where c.affiliate_id = u.id and c.created_at < u.created_at)
          or exists (select 1 from ledger_entries l where l.affiliate_id = u.id and l.created_at < u.created_at))`);
    expect((late as unknown as { rows: unknown[] }).rows).toEqual([]);
    // A referred affiliate joined after the one who referred them.
    expect(jordan.createdAt.getTime()).toBeGreaterThan(affiliate.createdAt.getTime());
    // The dashboard message speaks of the coming payout, as of today.
    const [dashboard] = await second.db.select().from(settings).where(eq(settings.key, 'dashboard'));
    expect((dashboard!.value as { message: string }).message).toContain(nextPayoutNote(new Date()));
  });
});

describe('demo dates', () => {
  it('names the next payout from the date it is read on, in the network time zone', () => {
    expect(nextPayoutNote(new Date('2026-11-26T18:00:00Z'))).toBe('November payouts go out on December 5.');
    expect(nextPayoutNote(new Date('2026-11-03T18:00:00Z'))).toBe('October payouts go out on November 5.');
    expect(nextPayoutNote(new Date('2026-12-20T18:00:00Z'))).toBe('December payouts go out on January 5.');
    expect(nextPayoutNote(new Date('2027-01-02T18:00:00Z'))).toBe('December payouts go out on January 5.');
    // 02:00 UTC on the 6th is still the 5th in Los Angeles.
    expect(nextPayoutNote(new Date('2026-11-06T02:00:00Z'))).toBe('October payouts go out on November 5.');
  });

  it('moves the demo message on with the calendar, but never a message staff wrote', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    try {
      await seedDemoSettings(t.app.db, new Date('2026-11-03T18:00:00Z'));
      const message = async () => ((await t.app.db.select().from(settings).where(eq(settings.key, 'dashboard')))[0]!.value as { message: string }).message;
      expect(await message()).toMatch(/^October payouts go out on November 5\./);
      await refreshDemoDashboard(t.app.db, new Date('2026-11-26T18:00:00Z'));
      expect(await message()).toMatch(/^November payouts go out on December 5\./);
      await t.app.db.update(settings).set({ value: { message: 'Our own news', links: [] } }).where(eq(settings.key, 'dashboard'));
      await refreshDemoDashboard(t.app.db, new Date('2026-12-26T18:00:00Z'));
      expect(await message()).toBe('Our own news');
    } finally {
      await t.close();
    }
  });
});
