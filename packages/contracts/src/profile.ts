import { z } from 'zod';
import { sharedDetailSchema } from './fraud.ts';
import { required } from './rules/field.ts';
import { nameText, text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/** What a personal API token may do; each affiliate API route declares the one scope it accepts. */
export const apiTokenScopes = ['statistics:read', 'offers:read', 'payouts:read', 'postbacks:write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Personal API tokens start with this, so a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'pat_';

/** POST /v1/user/api-tokens: a name and at least one scope. */
export const apiTokenInputSchema = z.object({
  name: required(nameText({ max: 100 })),
  scopes: z.array(z.enum(apiTokenScopes, { error: m.invalid }), { error: m.required }).min(1, m.required).max(apiTokenScopes.length),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  /** The first characters of the token, to tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListReplySchema = z.object({ data: z.array(apiTokenSchema) });
/** The reply to a create: the only time the token itself is shown. */
export const apiTokenCreatedReplySchema = z.object({ data: apiTokenSchema.extend({ token: z.string() }) });

/** GET /v1/user/sessions: the user's open sign-in sessions. */
export const userSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  place: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
  impersonated: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionListReplySchema = z.object({ data: z.array(userSessionSchema) });

/** The optional emails a user chooses (SPEC.md: Email preferences). */
export const emailKinds = ['news', 'payout_updates', 'tax_form_reminders', 'weekly_summary'] as const;
export type EmailKind = (typeof emailKinds)[number];
export const emailPreferencesSchema = z.object({
  news: z.boolean(),
  payout_updates: z.boolean(),
  tax_form_reminders: z.boolean(),
  weekly_summary: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
const choice = z.boolean({ error: m.required });
/** PUT /v1/user/email-preferences: every kind, on or off. */
export const emailPreferencesUpdateSchema = z.object({ news: choice, payout_updates: choice, tax_form_reminders: choice, weekly_summary: choice });
export type EmailPreferencesUpdate = z.input<typeof emailPreferencesUpdateSchema>;
export const emailPreferencesReplySchema = z.object({ data: emailPreferencesSchema });

/** Staff review of an affiliate's details (SPEC.md section 4: approved or rejected). */
export const profileInfoStatuses = ['pending', 'approved', 'rejected'] as const;
export type ProfileInfoStatus = (typeof profileInfoStatuses)[number];
export const profileReviewSchema = z.object({
  status: z.enum(profileInfoStatuses),
  reject_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  appeal_message: z.string().nullable(),
  appealed_at: z.string().nullable(),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;
export const profileReviewReplySchema = z.object({ data: profileReviewSchema });

/** POST v2/affiliates/{id}/reject-profile-info. */
export const rejectProfileInfoRequestSchema = z.object({ reject_reason: required(text({ max: 1000 })) });
export type RejectProfileInfoRequest = z.input<typeof rejectProfileInfoRequestSchema>;

/** POST /v1/user/profile/appeal: the affiliate's answer, sent once the details are corrected. */
export const profileAppealRequestSchema = z.object({ message: required(text({ max: 1000 })) });
export type ProfileAppealRequest = z.input<typeof profileAppealRequestSchema>;

/**
 * GET /v1/affiliates/{id}/summary (staff only): the Affiliate Details summary, in dollars, and the
 * details this affiliate shares with others (docs/fraud.md, "Shared details"; the affiliates the
 * caller may reach only).
 */
export const affiliateSummarySchema = z.object({
  balance: z.number(),
  lifetime_earnings: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  shared_details: z.array(sharedDetailSchema),
});
export type AffiliateSummary = z.infer<typeof affiliateSummarySchema>;
export const affiliateSummaryReplySchema = z.object({ data: affiliateSummarySchema });

/** The texts of the profile screens, SPEC.md section 8 word for word. */
export const profileMessages = {
  saved: 'Profile saved successfully!',
  imageNotUpdated: 'Image not updated!',
  emailPreferencesApplied: 'Email Preferences applied successfully',
  appealSent: 'The appeal has been sent',
  passwordSaved: 'Password saved successfully!',
  tokenNotAllowed: 'A personal API token cannot be used here. Sign in to do this.',
  tokenScopeMissing: 'This API token does not have the scope this needs.',
  /** A login-as session acts for the affiliate, but never on how the affiliate signs in (docs/affiliates.md). */
  notInLoginAs: 'A login-as session cannot change sign-in settings: API tokens, password, email and two-step sign-in stay with the affiliate.',
  unsubscribed: 'You will no longer receive these emails.',
} as const;
