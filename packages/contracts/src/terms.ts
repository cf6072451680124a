import { z } from 'zod';
import { required } from './rules/field.ts';
import { text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Terms of Service and age at sign-up (docs/auth.md): every affiliate accepts the terms in force and
 * confirms being 18 or older, at sign-up and again whenever staff publish a new version. The version
 * is the moment the terms were last published (an ISO time), so versions sort by when they came.
 */
export const termsMessages = {
  acceptRequired: m.acceptTerms,
  accepted: 'Thank you: you accepted the Terms of Service.',
  versionChanged: 'The Terms of Service changed while you read them: read the new version and accept it.',
  loginAs: 'A login-as session cannot accept the Terms of Service for the affiliate.',
  published: 'A new version of the Terms of Service is published: affiliates accept it at their next visit.',
} as const;

/** The version in force until staff publish one: the shipped terms' date (the terms page's "Last updated"). */
export const SHIPPED_TERMS_VERSION = '2026-01-15T00:00:00.000Z';

/** The sign-up's box: required, and only a tick counts. */
export const acceptTermsField = z.literal(true, { error: termsMessages.acceptRequired });

/** POST /v1/user/accept-terms: `version`, when sent, is the one the affiliate read (refused once a newer one is out). */
export const acceptTermsRequestSchema = z.object({
  accept_terms: acceptTermsField,
  version: z.string().trim().max(40).optional(),
});
export type AcceptTermsRequest = z.input<typeof acceptTermsRequestSchema>;

/** Where an acceptance was given. */
export const termsSources = ['sign_up', 'social_sign_up', 'renewal'] as const;
export type TermsSource = (typeof termsSources)[number];

/** An affiliate's standing with the terms: what is in force, what they accepted last, and whether they must accept now. */
export const termsStateSchema = z.object({
  version: z.string(),
  accepted_version: z.string().nullable(),
  accepted_at: z.string().nullable(),
  must_accept: z.boolean(),
});
export type TermsState = z.infer<typeof termsStateSchema>;
export const acceptTermsReplySchema = z.object({ data: termsStateSchema, message: z.string() });

/** One acceptance, as staff read them (append-only: every acceptance stays). */
export const termsAcceptanceSchema = z.object({
  version: z.string(),
  accepted_at: z.string(),
  ip: z.string(),
  source: z.enum(termsSources),
});
export type TermsAcceptance = z.infer<typeof termsAcceptanceSchema>;
export const termsAcceptancesReplySchema = z.object({ data: z.array(termsAcceptanceSchema) });

/** GET/PUT /v1/settings/terms: saving publishes a new version (now) with a note of what changed. */
export const termsSettingsUpdateSchema = z.object({ changes: required(text({ max: 2000 })) });
export type TermsSettingsUpdate = z.input<typeof termsSettingsUpdateSchema>;
export const termsSettingsSchema = z.object({
  version: z.string(),
  changes: z.string(),
  /** Active affiliates, and how many of them accepted the version in force. */
  affiliates: z.number(),
  accepted_current: z.number(),
});
export type TermsSettings = z.infer<typeof termsSettingsSchema>;

/** The affiliates list's filter: accepted the version in force, or not (yet). */
export const termsFilterValues = ['current', 'outdated'] as const;
