import { z } from 'zod';
import { required } from './rules/field.ts';
import { lineText, text } from './rules/text.ts';

/**
 * Every email the product sends comes from a template of one of these types (issue 15): a subject
 * and a rich-text body naming `{{variables}}`. `optional` types can be switched off in Global
 * Settings, Email notifications; the others (sign-in, account and security mail) always go.
 * `to`: who receives it — the account it is about, or staff at the support address.
 */
export const emailTypeInfo = {
  activation: { label: 'Account activation', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'link', 'approval_note'] },
  password_reset: { label: 'Password reset', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'link'] },
  two_step_code: { label: 'Two-step sign-in code', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'code'] },
  password_changed: { label: 'Password changed', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'link'] },
  staff_invite: { label: 'Staff invitation', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'role', 'inviter', 'link'] },
  contact_message: { label: 'Contact Us message', to: 'staff', optional: true, variables: ['name', 'email', 'message', 'sender'] },
  new_signup: { label: 'New sign-up', to: 'staff', optional: true, variables: ['name', 'email', 'affiliate_id', 'link'] },
  signup_approved: { label: 'Sign-up approved', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'link'] },
  signup_rejected: { label: 'Sign-up rejected', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'reason'] },
  profile_info_rejected: { label: 'Profile info rejected', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'reason', 'link'] },
  payout_approved: { label: 'Payout approved', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'amount', 'period', 'method', 'link'] },
  payout_paid: { label: 'Payout paid', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'amount', 'period', 'method', 'link'] },
  appeal_received: { label: 'Appeal received', to: 'staff', optional: true, variables: ['name', 'email', 'affiliate_id', 'conversion_id', 'reason', 'message', 'link'] },
  appeal_decided: { label: 'Appeal decided', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'conversion_id', 'decision', 'answer', 'link'] },
  payout_unmarked_paid: { label: 'Payout not paid after all (correction)', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'amount', 'period', 'method', 'reason', 'link'] },
  payout_rejected: { label: 'Payout rejected', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'amount', 'period', 'method', 'reason', 'link'] },
  payout_returned: { label: 'Payment returned by the bank', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'amount', 'period', 'method', 'reason', 'link'] },
  tax_form_submitted: { label: 'Tax form submitted', to: 'staff', optional: true, variables: ['name', 'email', 'affiliate_id', 'form_type', 'link'] },
  tax_form_accepted: { label: 'Tax form accepted', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'form_type', 'link'] },
  tax_form_declined: { label: 'Tax form declined', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'form_type', 'outcome', 'reason', 'next_step', 'link'] },
  tax_form_expiring: { label: 'Tax form expires soon', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'form_type', 'last_day', 'link'] },
  tax_form_expired: { label: 'Tax form expired', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'form_type', 'link'] },
  tax_document_ready: { label: 'Year-end tax form ready', to: 'user', optional: false, variables: ['first_name', 'name', 'email', 'form', 'year', 'corrected', 'link'] },
  cap_alert: { label: 'Cap reached or nearly reached', to: 'staff', optional: true, variables: ['offer', 'cap', 'state', 'used', 'limit', 'percent', 'link'] },
  news: { label: 'News (a new announcement)', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'title', 'link'] },
  announcement_digest: { label: 'Announcement digest', to: 'user', optional: true, variables: ['first_name', 'name', 'email', 'count', 'titles', 'link'] },
  weekly_summary: {
    label: 'Weekly statistics summary',
    to: 'user',
    optional: true,
    variables: ['first_name', 'name', 'email', 'week', 'clicks', 'unique_clicks', 'conversions', 'earnings', 'top_offers', 'link'],
  },
} as const satisfies Record<string, { label: string; to: 'user' | 'staff'; optional: boolean; variables: readonly string[] }>;

export type EmailType = keyof typeof emailTypeInfo;
export const emailTypes = Object.keys(emailTypeInfo) as EmailType[];
export const isEmailType = (v: string): v is EmailType => Object.hasOwn(emailTypeInfo, v);

/** Every template may also name these: the network's name and the support address from Global email. */
export const commonEmailVariables = ['site_name', 'support_email'] as const;

export const emailVariablesOf = (type: EmailType): readonly string[] => [...emailTypeInfo[type].variables, ...commonEmailVariables];

/** `{{ name }}` in a subject or body. */
export const EMAIL_VARIABLE_PATTERN = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The variables a text names that the type does not offer. */
export function unknownEmailVariables(type: EmailType, textValue: string): string[] {
  const known = new Set(emailVariablesOf(type));
  return [...new Set([...textValue.matchAll(EMAIL_VARIABLE_PATTERN)].map((m) => m[1] ?? '').filter((v) => !known.has(v)))];
}

export const emailTemplateMessages = {
  unknownVariable: (names: string[]) => `Unknown variable: ${names.map((n) => `{{${n}}}`).join(', ')}`,
  testSent: (email: string) => `A test email has been sent to ${email}`,
  reset: 'The template is back to its default',
} as const;

/** PUT /v1/email-templates/{type}. */
export const emailTemplateUpdateSchema = z.object({
  subject: required(lineText({ max: 200 })),
  body: required(text({ max: 50_000 })),
});
export type EmailTemplateUpdate = z.input<typeof emailTemplateUpdateSchema>;

export const emailTemplateSchema = z.object({
  type: z.string(),
  label: z.string(),
  to: z.enum(['user', 'staff']),
  optional: z.boolean(),
  variables: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  /** False while the shipped default is in use. */
  is_custom: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** POST /v1/email-templates/{type}/preview: the unsaved subject and body with an affiliate's data. */
/** Not a form of its own: the template form's current values, sent as they stand. */
export const emailPreviewBodySchema = z.object({
  subject: z.string().max(200),
  body: z.string().max(50_000),
  affiliate_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
});
/**
 * POST /v1/email-templates/{type}/test: with `subject` and `body`, the draft being edited (checked
 * as a save is: both required, sanitised, no unknown variable); without them, the saved template.
 */
export const emailTestBodySchema = z.object({
  subject: z.string().max(200).optional(),
  body: z.string().max(50_000).optional(),
  affiliate_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type EmailTestBody = z.input<typeof emailTestBodySchema>;
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
