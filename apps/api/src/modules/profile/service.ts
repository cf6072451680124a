import {
  clientPermissions,
  type profileIncludes,
  type profileUpdateSchema,
  type UserProfile,
} from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { affiliateProfiles, affiliateSites, billingAccounts, roles, sessions, sites, tiers, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type AffiliateProfileFields, saveAffiliateProfile, updateUserFields } from '../accounts/index.ts';
import { avatarOf } from './avatar.ts';
import { billingCompleteOf, computeIssues } from './issues.ts';
import { describeReview } from './review.ts';
import { termsStateOf } from '../terms/index.ts';
import { referralCodeOf } from '../referrals/index.ts';

type Include = (typeof profileIncludes)[number];

/** The profile's Terms of Service fields: the version in force, the affiliate's last acceptance, and whether to ask now. */
async function termsFields(db: Db, userId: number, isClient: boolean) {
  const terms = await termsStateOf(db, userId, isClient);
  return { terms_version: terms.version, terms_accepted_version: terms.accepted_version, terms_accepted_at: terms.accepted_at, must_accept_terms: terms.must_accept };
}

export async function getProfile(db: Db, userId: number, sessionId: string, include: ReadonlySet<Include>): Promise<UserProfile> {
  const [row] = await db
    .select({ user: users, profile: affiliateProfiles, role: roles, tier: tiers })
    .from(users)
    .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, users.id))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(tiers, eq(tiers.id, users.tierId))
    .where(eq(users.id, userId));
  if (!row) throw new NotFoundError();
  const { user: u, profile: p, role, tier } = row;
  // No session id: staff reading an affiliate's profile (Affiliate Details).
  const [session] = sessionId ? await db.select({ impersonatorId: sessions.impersonatorId }).from(sessions).where(eq(sessions.id, sessionId)) : [];

  const out: UserProfile = {
    id: u.id,
    name: u.name,
    first_name: u.name.split(' ')[0] ?? u.name,
    email: u.email,
    avatar: await avatarOf(db, u.avatarUuid),
    is_client: u.isClient,
    is_active: u.isActive,
    two_step_enabled: !u.isClient || u.twoStepEnabled,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    impersonated: Boolean(session?.impersonatorId),
    company: p?.company ?? '',
    address: p?.address ?? '',
    city: p?.city ?? '',
    postal_code: p?.postalCode ?? '',
    country: p?.country ?? '',
    phone: p?.phone ?? '',
    chat_id: p?.chatId ?? '',
    website: p?.website ?? '',
    traffic_sources: p?.trafficSources ?? '',
    methods: p?.methods ?? [],
    hear_about: p?.hearAbout ?? '',
    remove_splash_screen: p?.removeSplashScreen ?? false,
    referral_code: u.isClient ? await referralCodeOf(db, u.id) : null,
    awaiting_approval: u.isClient && u.approvalStatus === 'pending',
    ...(await termsFields(db, u.id, u.isClient)),
    info_review: u.isClient ? describeReview(p) : null,
    issues: computeIssues(u.isClient, p ?? undefined, u.isClient && (await billingCompleteOf(db, u.id))),
  };
  if (include.has('assigned_permissions')) out.assigned_permissions = u.isClient ? [...clientPermissions] : [...(role?.permissions ?? [])];
  if (include.has('role')) out.role = role && !u.isClient ? { id: role.id, name: role.name, display_name: role.displayName } : null;
  if (include.has('tier')) out.tier = tier && u.isClient ? { id: tier.id, name: tier.name } : null;
  if (include.has('manager')) {
    const [m] = u.managerId ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, u.managerId)) : [];
    out.manager = m ?? null;
  }
  if (include.has('sites')) {
    out.sites = await db
      .select({ id: sites.id, name: sites.name, display_name: sites.displayName })
      .from(affiliateSites)
      .innerJoin(sites, eq(sites.id, affiliateSites.siteId))
      .where(eq(affiliateSites.userId, u.id))
      .orderBy(sites.displayName);
  }
  if (include.has('promotion')) out.promotion = { methods: out.methods, traffic_sources: out.traffic_sources, website: out.website };
  if (include.has('billing_account')) {
    const [b] = u.isClient ? await db.select({ recipientType: billingAccounts.recipientType }).from(billingAccounts).where(eq(billingAccounts.userId, u.id)) : [];
    out.billing_account = u.isClient ? { recipient_type: b?.recipientType ?? null } : null;
  }
  return out;
}

/** POST /v1/user/profile: the signed-in user's own details. */
export async function updateProfile(db: Db, userId: number, input: z.output<typeof profileUpdateSchema>): Promise<void> {
  const [u] = await db.select({ isClient: users.isClient }).from(users).where(eq(users.id, userId));
  if (!u) throw new NotFoundError();
  await db.transaction(async (tx) => {
    await updateUserFields(tx, userId, input.first_name !== undefined ? { name: input.first_name } : {});
    if (!u.isClient) return;

    const p: AffiliateProfileFields = {};
    if (input.company !== undefined) p.company = input.company;
    if (input.address !== undefined) p.address = input.address;
    if (input.city !== undefined) p.city = input.city;
    if (input.postal_code !== undefined) p.postalCode = input.postal_code;
    if (input.country !== undefined) p.country = input.country;
    if (input.phone !== undefined) p.phone = input.phone;
    if (input.chat_id !== undefined) p.chatId = input.chat_id;
    if (input.website !== undefined) p.website = input.website;
    if (input.traffic_sources !== undefined) p.trafficSources = input.traffic_sources;
    if (input.methods !== undefined) p.methods = input.methods;
    if (input.hear_about !== undefined) p.hearAbout = input.hear_about;
    if (input.remove_splash_screen !== undefined) p.removeSplashScreen = input.remove_splash_screen;
    await saveAffiliateProfile(tx, userId, p);
    if (input.sites_ids !== undefined) {
      const ids = [...new Set(input.sites_ids)];
      const valid = ids.length ? await tx.select({ id: sites.id }).from(sites).where(inArray(sites.id, ids)) : [];
      await tx.delete(affiliateSites).where(eq(affiliateSites.userId, userId));
      if (valid.length) await tx.insert(affiliateSites).values(valid.map((s) => ({ userId, siteId: s.id })));
    }
  });
}
