import { seedDemoFraud } from './demo-fraud.ts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { seedDemoMoney } from './demo-money.ts';
import type { Db } from '../db/client.ts';
import { seedDemoAffiliates } from './demo-affiliates.ts';
import { affiliateProfiles, affiliateSites, roles, settings, sites, tiers, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { demoFinance, finishDemoRails, prepareDemoRails } from './demo-rails.ts';
import { seedDemoPayouts } from './demo-payouts.ts';
import { seedDemoTaxForms } from './demo-tax-forms.ts';
import { seedDemoTaxYear } from './demo-tax-year.ts';
import { seedDemoSharedDetails, seedDemoWithheldCommission } from './demo-shared-details.ts';
import { seedDemoSettings } from './demo-settings.ts';
import { seedDemoRates } from './demo-rates.ts';
import { demoSiteKeys, seedDemoTracking } from './demo-tracking.ts';
import { seedDemoTiers } from './demo-tiers.ts';
import { seedDemoCaps } from './demo-caps.ts';
import { alignDemoAffiliates, refreshDemoDashboard } from './demo-coherence.ts';
import { acceptForAll } from '../modules/terms/index.ts';

/** Demo sign-ins: fixed, printed at every start of a demo network, never used outside one. */
export const demoAccounts = {
  manager: { email: 'manager@example.com', password: 'demo-manager-2026', name: 'Morgan Lee' },
  affiliate: { email: 'affiliate@example.com', password: 'demo-affiliate-2026', name: 'Alex Rivera' },
} as const;

const DEMO_MARKER = 'demo_data_version';

/**
 * A small, believable demo network. Runs once per database (a marker in settings);
 * later features add their own demo rows here.
 */
export async function seedDemoData(db: Db, log: FastifyBaseLogger, opts: { taxFormKey?: Buffer } = {}): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, DEMO_MARKER));
  if (!marker) {
    const [managerHash, affiliateHash] = await Promise.all([
      hashPassword(demoAccounts.manager.password),
      hashPassword(demoAccounts.affiliate.password),
    ]);
    await db.transaction(async (tx) => {
      const [managerRole] = await tx
        .insert(roles)
        .values({
          name: 'affiliate_manager',
          displayName: 'Affiliate Manager',
          permissions: ['dashboard', 'statistics', 'affiliates', 'offers', 'creatives', 'announcements'],
        })
        .onConflictDoUpdate({ target: roles.name, set: { displayName: sql`excluded.display_name` } })
        .returning({ id: roles.id });
      await tx.insert(tiers).values([{ name: 'Silver' }, { name: 'Gold' }]).onConflictDoNothing();
      const [silver] = await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.name, 'Silver'));
      const [manager] = await tx
        .insert(users)
        .values({
          email: demoAccounts.manager.email,
          passwordHash: managerHash,
          name: demoAccounts.manager.name,
          isClient: false,
          roleId: managerRole?.id ?? null,
          isActive: true,
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      const demoSites = await tx
        .insert(sites)
        .values([
          { name: 'novavr', displayName: 'NovaVR', url: 'https://novavr.example', description: 'Cinematic 8K VR scenes with weekly releases.' },
          { name: 'holostage', displayName: 'HoloStage', url: 'https://holostage.example', description: 'Interactive volumetric VR experiences.' },
          { name: 'immersa', displayName: 'Immersa', url: 'https://immersa.example', description: 'Premium VR studio with a large back catalogue.' },
        ])
        .onConflictDoNothing()
        .returning({ id: sites.id });
      const [affiliate] = await tx
        .insert(users)
        .values({
          email: demoAccounts.affiliate.email,
          passwordHash: affiliateHash,
          name: demoAccounts.affiliate.name,
          isClient: true,
          tierId: silver?.id ?? null,
          managerId: manager?.id ?? null,
          isActive: true,
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (affiliate) {
        await tx.insert(affiliateProfiles).values({
          userId: affiliate.id,
          company: 'Rivera Media',
          address: '500 Market Street',
          city: 'San Francisco',
          postalCode: '94105',
          country: 'US',
          website: 'https://rivera-media.example',
          methods: ['website', 'social_media'],
          trafficSources: 'VR review blog and newsletter',
        });
        if (demoSites.length) await tx.insert(affiliateSites).values(demoSites.map((s) => ({ userId: affiliate.id, siteId: s.id })));
      }
      await tx.insert(settings).values({ key: DEMO_MARKER, value: 1 });
    });
    log.info('Demo network created.');
  }
  await seedDemoRates(db);
  const version = Number((await db.select().from(settings).where(eq(settings.key, DEMO_MARKER)))[0]?.value ?? 0);
  if (version < 2) {
    const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts.affiliate.email));
    if (affiliate) {
      const started = Date.now();
      await seedDemoTracking(db, affiliate.id);
      log.info(`Demo traffic created: 90 days of clicks and conversions (${Math.round((Date.now() - started) / 100) / 10} s).`);
    }
    await db.update(settings).set({ value: 2 }).where(eq(settings.key, DEMO_MARKER));
  }
  await seedDemoAffiliates(db, demoAccounts.manager.email);
  await seedDemoTiers(db);
  await seedDemoMoney(db);
  if (opts.taxFormKey) {
    await seedDemoTaxForms(db, opts.taxFormKey, demoAccounts.manager.email);
    await seedDemoSharedDetails(db, opts.taxFormKey);
    await seedDemoWithheldCommission(db, opts.taxFormKey, demoAccounts.affiliate.email);
  }
  await seedDemoSettings(db);
  await seedDemoCaps(db);
  await prepareDemoRails(db, demoAccounts.manager.email);
  await seedDemoPayouts(db, log, demoAccounts.affiliate.email, demoAccounts.manager.email);
  await finishDemoRails(db, log, demoAccounts.manager.email, demoFinance.email);
  await seedDemoTaxYear(db, log, demoAccounts.manager.email);
  await seedDemoFraud(db);
  await refreshDemoDashboard(db);
  await alignDemoAffiliates(db, demoAccounts.affiliate.email);
  await acceptDemoTerms(db);
  log.info(`Demo site API keys (report conversions with Authorization: Bearer <key>): ${Object.entries(demoSiteKeys).map(([s, k]) => `${s} ${k}`).join('; ')}`);
  log.info(
    `Demo sign-ins — staff: ${demoAccounts.manager.email} / ${demoAccounts.manager.password}; payments officer: ${demoFinance.email} / ${demoFinance.password}; affiliate: ${demoAccounts.affiliate.email} / ${demoAccounts.affiliate.password}`,
  );
}

const DEMO_TERMS_MARKER = 'demo_terms_accepted';

/**
 * The demo's affiliates (all at example.com) accepted the terms in force when they joined, once per
 * database: anyone who signs up later accepts them on Sign Up, and nobody else is accepted for.
 */
async function acceptDemoTerms(db: Db): Promise<void> {
  const [done] = await db.select().from(settings).where(eq(settings.key, DEMO_TERMS_MARKER));
  if (done) return;
  const demo = await db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(sql`${users.isClient} and ${users.email} like '%@example.com'`);
  const joined = new Map(demo.map((u) => [u.id, u.createdAt]));
  await acceptForAll(db, [...joined.keys()], (id) => joined.get(id)!);
  await db.insert(settings).values({ key: DEMO_TERMS_MARKER, value: true }).onConflictDoNothing();
}
