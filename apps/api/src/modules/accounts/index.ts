/**
 * The accounts module: the one writer of `users` and `affiliate_profiles` (docs/architecture.md,
 * "One owner each"). Sign-in, the profile, roles, tiers, affiliates, referrals and tax forms change a
 * person through these verbs, each taking the database or the transaction its caller is in. It has
 * no routes: the screens that change people are their modules'. Reading people stays with each reader.
 */
export {
  activateUser,
  createUser,
  deactivateRoleHolders,
  decideSignUp,
  moveTierMembers,
  type NewUser,
  setActive,
  setAvatar,
  setManager,
  setPasswordHash,
  setReferralCodeIfNone,
  setTier,
  setTwoStepSignIn,
  updateStaffFields,
  updateUserFields,
  type UserRow,
} from './users.ts';
export {
  type AffiliateProfileFields,
  appealAffiliateInfo,
  createAffiliateProfile,
  ensureAffiliateProfile,
  type NewAffiliateProfile,
  reviewAffiliateInfo,
  saveAffiliateProfile,
  setLegalFormStatus,
  updateAffiliateProfile,
} from './profiles.ts';
