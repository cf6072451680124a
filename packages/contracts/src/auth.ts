import { z } from 'zod';
import { required } from './rules/field.ts';
import { isPlainLine, isPlainName, isPlainText } from './rules/text.ts';
import { id } from './rules/ids.ts';
import { profileReviewSchema } from './profile.ts';
import { passwordsMatch } from './rules/refine.ts';
import { acceptTermsField } from './terms.ts';
import { validationMessages as m } from './validation.ts';

/** Password input: at most 32 characters (SPEC.md section 9); at least 8 for a new password. */
export const PASSWORD_MAX = 32;
export const PASSWORD_MIN = 8;

const requiredString = z.string({ error: m.required }).trim().min(1, m.required);
const email = z.string({ error: m.required }).trim().min(1, m.required).pipe(z.email(m.email)).transform((v) => v.toLowerCase());
const password = z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX, `This field must be at most ${PASSWORD_MAX} characters`);
const newPassword = password.refine((v) => v.length >= PASSWORD_MIN, m.minLength(PASSWORD_MIN));
/** Bot-check token from the widget; required by the server only when a bot-check key is configured. */
const captchaToken = z.string().max(4096).optional();

export const loginRequestSchema = z.object({ email, password, captcha_token: captchaToken });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Login answers either a session token (a code was emailed) or the tokens. */
export const loginReplySchema = z.object({
  data: z.union([z.object({ session_token: z.string() }), tokenPairSchema]),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const confirmRequestSchema = z.object({
  session_token: requiredString,
  code: required(z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits')),
});
export type ConfirmRequest = z.input<typeof confirmRequestSchema>;

export const tokensReplySchema = z.object({ data: tokenPairSchema });

/** POST /v1/password/reset: the message, and for a staff invitation's link the new session (the link proved the address). */
export const resetReplySchema = z.object({ data: z.object({ message: z.string(), tokens: tokenPairSchema.optional() }) });

/** POST /v2/authentication/resend-code: a new code for a two-step sign-in still open; a new session token replaces the old. */
export const resendCodeRequestSchema = z.object({ session_token: requiredString });
export const resendCodeReplySchema = z.object({ data: z.object({ session_token: z.string(), message: z.string() }) });

/** PUT /v1/user/two-step: an affiliate turns two-step sign-in on or off, proving it is them with the current password. */
export const twoStepRequestSchema = z.object({ enabled: z.boolean({ error: m.required }), current_password: password });
export type TwoStepRequest = z.input<typeof twoStepRequestSchema>;
export const twoStepReplySchema = z.object({ data: z.object({ two_step_enabled: z.boolean(), message: z.string() }) });

export const refreshRequestSchema = z.object({ refresh_token: requiredString });
export const logoutRequestSchema = z.object({ refresh_token: z.string().optional() });

export const forgotRequestSchema = z.object({ email, captcha_token: captchaToken });
export type ForgotRequest = z.input<typeof forgotRequestSchema>;

export const resetRequestSchema = z
  .object({ token: requiredString, password: newPassword, password_confirmation: password })
  .refine((v) => v.password === v.password_confirmation, { message: m.passwordMismatch, path: ['password_confirmation'] });
export type ResetRequest = z.input<typeof resetRequestSchema>;

export const changePasswordRequestSchema = z
  .object({ current_password: password, password: newPassword, password_confirmation: password })
  .refine((v) => v.password === v.password_confirmation, { message: m.passwordMismatch, path: ['password_confirmation'] });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const codeRequestSchema = z.object({ code: requiredString });

export const activateRequestSchema = z.object({ token: requiredString });

export const messageReplySchema = z.object({ data: z.object({ message: z.string() }) });

/** Promotion methods and traffic sources an affiliate picks from at sign-up. */
export const promotionMethods = ['website', 'social_media', 'email', 'paid_search', 'display', 'tube_sites', 'forums', 'other'] as const;

/** One line (rules/text.ts `lineText`) and several lines (`text`: newlines kept, no text-direction controls or separators). */
const line = (max: number) => z.string().trim().max(max).refine(isPlainLine, m.plainName);
const lines = (max: number) => z.string().trim().max(max).refine(isPlainText, m.plainName);
const optionalText = (max: number) => line(max).optional().default('');
const optionalLines = (max: number) => lines(max).optional().default('');
/** A person's or company's name (rules/text.ts `nameText`). */
const personName = requiredString.pipe(z.string().max(100).refine(isPlainName, m.plainName));
const optionalName = (max: number) => z.string().trim().max(max).refine(isPlainName, m.plainName);

/** POST /v1/register: the affiliate fields of SPEC.md section 3. */
export const registerRequestSchema = z
  .object({
    first_name: personName,
    email,
    password: newPassword,
    password_confirmation: password,
    sites_ids: z.array(id()).optional().default([]),
    company: optionalName(200).optional().default(''),
    address: optionalText(255),
    city: optionalText(100),
    postal_code: optionalText(20),
    country: z.string().trim().regex(/^([A-Z]{2})?$/, m.invalid).optional().default(''),
    phone: optionalText(40),
    chat_id: optionalText(100),
    website: z
      .string()
      .trim()
      .max(255)
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), m.url)
      .optional()
      .default(''),
    traffic_sources: optionalLines(1000),
    methods: z.array(z.enum(promotionMethods)).optional().default([]),
    hear_about: optionalText(255),
    remove_splash_screen: z.boolean().optional().default(false),
    /** The Terms of Service and age 18+ (docs/auth.md): the server records the version in force and the time. */
    accept_terms: acceptTermsField,
    captcha_token: captchaToken,
  })
  // Said with the other messages, the unticked terms box among them, not only once they are fixed.
  .refine(...passwordsMatch());
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** SPEC.md section 4: profile issue codes. */
export const profileIssueCodes = [
  'billing_account_incomplete',
  'legal_forms_not_submitted',
  'legal_forms_not_accepted',
  'legal_forms_rejected',
  'legal_forms_expired',
  'user_details_missing',
] as const;
export type ProfileIssueCode = (typeof profileIssueCodes)[number];

/** Issues grouped by the profile tab where they are fixed. */
export const profileIssuesSchema = z.object({
  info: z.array(z.enum(profileIssueCodes)),
  billing: z.array(z.enum(profileIssueCodes)),
  legal: z.array(z.enum(profileIssueCodes)),
});
export type ProfileIssues = z.infer<typeof profileIssuesSchema>;

export const profileIncludes = ['assigned_permissions', 'role', 'promotion', 'billing_account', 'sites', 'tier', 'manager'] as const;

/** The signed-in user (SPEC.md section 3, User). Included relations are present only when asked for. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  email: z.string(),
  avatar: z.object({ url: z.string() }).nullable(),
  is_client: z.boolean(),
  is_active: z.boolean(),
  two_step_enabled: z.boolean(),
  email_verified_at: z.string().nullable(),
  impersonated: z.boolean(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
  chat_id: z.string(),
  website: z.string(),
  traffic_sources: z.string(),
  methods: z.array(z.string()),
  hear_about: z.string(),
  remove_splash_screen: z.boolean(),
  referral_code: z.string().nullable(),
  issues: profileIssuesSchema,
  /** An affiliate whose sign-up waits for staff approval: no tracking links or codes until then. */
  awaiting_approval: z.boolean(),
  /** Affiliates: the Terms of Service version in force, the one they accepted last and when; `must_accept_terms` asks them again. */
  terms_version: z.string(),
  terms_accepted_version: z.string().nullable(),
  terms_accepted_at: z.string().nullable(),
  must_accept_terms: z.boolean(),
  /** Affiliates: staff review of these details, with the reason of a rejection and the appeal. */
  info_review: profileReviewSchema.nullable().optional(),
  assigned_permissions: z.array(z.string()).optional(),
  role: z.object({ id: z.number(), name: z.string(), display_name: z.string() }).nullable().optional(),
  tier: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  manager: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable().optional(),
  sites: z.array(z.object({ id: z.number(), name: z.string(), display_name: z.string() })).optional(),
  promotion: z.object({ methods: z.array(z.string()), traffic_sources: z.string(), website: z.string() }).optional(),
  billing_account: z.object({ recipient_type: z.string().nullable() }).nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const profileReplySchema = z.object({ data: userProfileSchema });

/** POST /v1/user/profile: the editable affiliate fields (form-serialised: id removed, methods a list). */
export const profileUpdateSchema = z.object({
  first_name: personName.optional(),
  company: optionalName(200).optional(),
  address: line(255).optional(),
  city: line(100).optional(),
  postal_code: line(20).optional(),
  country: z.string().trim().regex(/^([A-Z]{2})?$/, m.invalid).optional(),
  phone: line(40).optional(),
  chat_id: line(100).optional(),
  website: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), m.url)
    .optional(),
  traffic_sources: lines(1000).optional(),
  methods: z.array(z.enum(promotionMethods)).optional(),
  hear_about: line(255).optional(),
  remove_splash_screen: z.boolean().optional(),
  sites_ids: z.array(id()).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** GET /v1/user/profile/form/options: choices for the sign-up and profile forms. */
export const profileFormOptionsSchema = z.object({
  data: z.object({
    sites: z.array(z.object({ id: z.number(), name: z.string(), display_name: z.string() })),
    methods: z.array(z.object({ value: z.enum(promotionMethods), label: z.string() })),
    countries: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});

/** GET /v1/config: what the web app needs before anyone signs in. */
export const publicConfigSchema = z.object({
  data: z.object({
    maintenance: z.boolean(),
    captcha: z.object({ provider: z.enum(['turnstile', 'hcaptcha']), site_key: z.string() }).nullable(),
    social_providers: z.array(z.enum(['google', 'facebook'])),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>['data'];

/** Staff ask for a login-as code for an affiliate; the web app opens /?login_as in a new tab after exchanging it. */
export const loginAsCodeReplySchema = z.object({ data: z.object({ code: z.string(), expires_in: z.number() }) });

/** SPEC.md section 8 texts the auth screens show. */
export const authMessages = {
  wrongCredentials: 'These credentials do not match our records.',
  inactive: 'Your account is not active yet. Follow the link in the activation email we sent you.',
  userInactive: 'User is inactive',
  codeInvalid: 'Code is invalid',
  confirmCodeInvalid: 'The code is wrong or has expired.',
  sessionExpired: "Time's up. You need to log in to your account again",
  refreshInvalid: 'Your session has ended. Please sign in again.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Password saved successfully!',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  activationSent: 'Check your email: we sent a link to activate your account.',
  activated: 'Account activated successfully',
  activationInvalid: 'This activation link is invalid or has expired.',
  emailTaken: 'This email is already registered.',
  captchaFailed: 'The bot check failed. Please try again.',
  networkError: 'An error has occurred while processing your request. Please try again later.',
  passwordChanged: 'Password saved successfully!',
  currentPasswordWrong: 'The current password is wrong.',
  twoStepOn: 'Two-step sign-in is on: each sign-in asks for a code sent to your email.',
  twoStepOff: 'Two-step sign-in is off.',
  twoStepStaff: 'Staff always sign in in two steps.',
  codeResent: 'A new code is on its way to your email.',
} as const;
