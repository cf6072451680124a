import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { affiliateProfiles, roles, tiers, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';

/**
 * The affiliates list's demo: a second manager, affiliates in each tier and country, sign-ups waiting
 * for approval, one with revshare paused and one deactivated. Runs once per address (by email).
 */
export async function seedDemoAffiliates(db: Db, managerEmail: string): Promise<void> {
  const people = [
    { email: 'ravi@example.com', name: 'Ravi Menon', country: 'IN', company: 'Menon Reviews', tier: 'Gold', state: 'active' },
    { email: 'lukas@example.com', name: 'Lukas Weber', country: 'DE', company: 'VR Brille Test', tier: 'Silver', state: 'revshare_paused' },
    { email: 'sofia@example.com', name: 'Sofia Costa', country: 'PT', company: 'Headset Hub', tier: 'Standard', state: 'pending' },
    { email: 'tom@example.com', name: 'Tom Becker', country: 'GB', company: 'Immersive Weekly', tier: 'Standard', state: 'pending' },
    { email: 'mina@example.com', name: 'Mina Park', country: 'KR', company: '', tier: 'Silver', state: 'inactive' },
    { email: 'noah@example.com', name: 'Noah Fischer', country: 'AT', company: 'Noah Plays VR', tier: 'Standard', state: 'active' },
  ] as const;
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, people.map((p) => p.email)));
  const todo = people.filter((p) => !existing.some((e) => e.email === p.email));
  if (!todo.length) return;

  const hash = await hashPassword('demo-affiliate-2026');
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'affiliate_manager'));
  let [second] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'alex.manager@example.com'));
  if (!second) {
    [second] = await db
      .insert(users)
      .values({ email: 'alex.manager@example.com', name: 'Alex Romero', passwordHash: hash, isClient: false, roleId: role?.id ?? null, isActive: true, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
  }
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  const tierRows = await db.select({ id: tiers.id, name: tiers.name }).from(tiers);
  for (const [i, p] of todo.entries()) {
    const [u] = await db
      .insert(users)
      .values({
        email: p.email,
        name: p.name,
        passwordHash: hash,
        isClient: true,
        isActive: p.state !== 'inactive',
        approvalStatus: p.state === 'pending' ? 'pending' : 'approved',
        emailVerifiedAt: new Date(),
        tierId: tierRows.find((t) => t.name === p.tier)?.id ?? null,
        managerId: p.state === 'pending' ? null : ((i % 2 ? second?.id : first?.id) ?? null),
        createdAt: new Date(Date.now() - (i + 1) * 86_400_000 * 3),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!u) continue;
    await db.insert(affiliateProfiles).values({ userId: u.id, country: p.country, company: p.company, website: `https://${p.name.split(' ')[0]!.toLowerCase()}.example`, revsharePaused: p.state === 'revshare_paused' });
  }
}
