import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';
import { choice, optionalSelectId, selectId } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { idText } from './rules/ids.ts';
import { payoutAmount } from './rules/numbers.ts';
import { lineText, nameText, text } from './rules/text.ts';
import { email } from './rules/urls.ts';
import { dataReply, listReply } from './reply.ts';
import { termsFilterValues } from './terms.ts';
import { validationMessages as m } from './validation.ts';

/** An affiliate's account as the list shows it: pending sign-up approval, active or inactive. */
export const affiliateStatuses = ['active', 'inactive', 'pending'] as const;
export type AffiliateStatus = (typeof affiliateStatuses)[number];

/** SPEC.md section 4: the W9/W8 form states. */
export const legalFormStatuses = ['n_a', 'not_uploaded', 'pending', 'accepted', 'declined'] as const;
export type LegalFormStatus = (typeof legalFormStatuses)[number];

/** Columns the list sorts by. */
export const affiliateSortFields = ['id', 'name', 'email', 'tier', 'manager', 'country', 'created_at', 'balance', 'month_earnings', 'status'] as const;
export type AffiliateSortField = (typeof affiliateSortFields)[number];

/** The largest page the list answers; `per_page=all` asks for every row. */
export const AFFILIATES_PAGE_MAX = 500;

const yesNo = z.enum(['true', 'false'], { error: m.invalid }).transform((v) => v === 'true');

/** GET /v1/affiliates (and its CSV): search, filters, sort, page. */
export const affiliatesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.union([z.literal('all'), z.coerce.number().int().min(1).max(AFFILIATES_PAGE_MAX)]).default(20),
  /** Name, email, company or website containing it, or the affiliate's id. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(affiliateStatuses, { error: m.invalid }).optional(),
  tier_id: idText().optional(),
  /** A staff user's id, or `none` for affiliates without a manager. */
  manager_id: z.union([z.literal('none'), idText()]).optional(),
  country: z.string().trim().regex(/^[A-Z]{2}$/, m.invalid).optional(),
  legal_form_status: z.enum(legalFormStatuses, { error: m.invalid }).optional(),
  revshare_paused: yesNo.optional(),
  /** Accepted the Terms of Service in force (`current`) or not yet (`outdated`). */
  terms: z.enum(termsFilterValues, { error: m.invalid }).optional(),
  sort: z.enum(affiliateSortFields, { error: m.invalid }).optional(),
  order: z.enum(['asc', 'desc'], { error: m.invalid }).optional(),
});
/** The list's query as the web app sends it. */
export type AffiliatesQuery = Omit<z.input<typeof affiliatesQuerySchema>, 'page' | 'per_page'> & { page?: number; per_page?: number | 'all' };

export const affiliateListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  status: z.enum(affiliateStatuses),
  created_at: z.string(),
  tier: z.object({ id: z.number(), name: z.string() }).nullable(),
  manager: z.object({ id: z.number(), name: z.string() }).nullable(),
  company: z.string(),
  website: z.string(),
  country: z.string(),
  /** The W9/W8 state: the same rule as the profile issues and the payout hold (docs/tax-forms.md). */
  legal_form_status: z.enum(legalFormStatuses),
  /** The affiliate's latest tax form, which "view W9/W8 form" opens; null when none was ever sent. */
  tax_form_id: z.number().nullable(),
  revshare_paused: z.boolean(),
  /** The Terms of Service version the affiliate accepted last (null: never). */
  terms_accepted_version: z.string().nullable(),
  /** Dollars: the sum of the affiliate's ledger rows. */
  balance: z.number(),
  /** Dollars earned this calendar month (America/Los_Angeles): earnings, reversals and referral commissions. */
  month_earnings: z.number(),
});
export type AffiliateListItem = z.infer<typeof affiliateListItemSchema>;
export const affiliateListReplySchema = listReply(affiliateListItemSchema);
export const affiliateReplySchema = z.object({ data: affiliateListItemSchema, message: z.string() });

/** A tier; the list also says how many affiliates are on it (the delete confirmation names them). */
export const tierSchema = z.object({ id: z.number(), name: z.string(), is_default: z.boolean(), affiliates_count: z.number().optional() });
export type Tier = z.infer<typeof tierSchema>;
export const tierListReplySchema = z.object({ data: z.array(tierSchema) });

/** Staff users who can manage affiliates (the manager dialog's choices). */
export const managerSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type Manager = z.infer<typeof managerSchema>;
export const managerListReplySchema = dataReply(z.array(managerSchema));

const name = required(nameText({ max: 100 }));
const country = optional(z.string().trim().regex(/^[A-Z]{2}$/, m.invalid), '');
const website = optional(
  z
    .string()
    .trim()
    .max(255)
    .refine((v) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), m.url),
  '',
);
const shortText = (max: number) => optional(lineText({ max }), '');

/** POST /v1/affiliates: staff create an affiliate, active and approved at once. */
export const affiliateCreateRequestSchema = z.object({
  name,
  email: required(email()),
  password: required(
    z
      .string({ error: m.required })
      .min(PASSWORD_MIN, m.minLength(PASSWORD_MIN))
      .max(PASSWORD_MAX, `This field must be at most ${PASSWORD_MAX} characters`),
  ),
  company: optional(nameText({ max: 200 }), '').optional().transform((v) => v ?? ''),
  website: website.optional().transform((v) => v ?? ''),
  country: country.optional().transform((v) => v ?? ''),
  tier_id: optionalSelectId().optional(),
  manager_id: optionalSelectId().optional(),
});
export type AffiliateCreateRequest = z.input<typeof affiliateCreateRequestSchema>;

/** PATCH /v1/affiliates/{id}: the fields staff edit from the list; a field left out stays as it is. */
export const affiliateUpdateSchema = z.object({
  name: name.optional(),
  email: required(email()).optional(),
  company: optional(nameText({ max: 200 }), '').optional(),
  website: website.optional(),
  country: country.optional(),
  phone: shortText(40).optional(),
  chat_id: shortText(100).optional(),
});
export type AffiliateUpdate = z.input<typeof affiliateUpdateSchema>;

export const managerAssignRequestSchema = z.object({ manager_id: optionalSelectId().optional().transform((v) => v ?? null) });
export type ManagerAssignRequest = z.input<typeof managerAssignRequestSchema>;
export const tierAssignRequestSchema = z.object({ tier_id: selectId() });
export type TierAssignRequest = z.input<typeof tierAssignRequestSchema>;

/** A custom payout for this affiliate on one offer (dollars for cpa, percent for revshare); empty removes it. */
export const offerRewardRequestSchema = z.object({
  offer_id: selectId(),
  amount: optional(payoutAmount())
    .optional()
    .transform((v) => v ?? null),
});
export type OfferRewardRequest = z.input<typeof offerRewardRequestSchema>;
export const offerRewardReplySchema = z.object({
  data: z.object({ offer_id: z.number(), affiliate_id: z.number(), amount: z.number().nullable() }),
  message: z.string(),
});

export const affiliateRejectRequestSchema = z.object({ reason: required(text({ max: 500 })) });
export type AffiliateRejectRequest = z.input<typeof affiliateRejectRequestSchema>;

/** Bulk actions over selected rows; each row answers for itself. */
export const affiliateBulkActions = ['activate', 'deactivate', 'tier', 'manager'] as const;
export const affiliateBulkRequestSchema = z
  .object({
    action: choice(affiliateBulkActions),
    ids: z.array(idText().or(z.number().int().positive()), { error: m.invalid }).max(AFFILIATES_PAGE_MAX).optional().default([]),
    tier_id: optionalSelectId().optional(),
    manager_id: optionalSelectId().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.ids.length) ctx.addIssue({ code: 'custom', message: m.required, path: ['ids'] });
    if (v.action === 'tier' && !v.tier_id) ctx.addIssue({ code: 'custom', message: m.required, path: ['tier_id'] });
  });
export type AffiliateBulkRequest = z.input<typeof affiliateBulkRequestSchema>;
export const affiliateBulkReplySchema = dataReply(
  z.array(z.object({ id: z.number(), ok: z.boolean(), message: z.string() })),
);

/** Sign-up approval: on by default (docs/affiliates.md). */
export const signupApprovalSchema = z.object({ required: z.boolean() });
export const signupApprovalReplySchema = dataReply(signupApprovalSchema);

/** Login as, made safe: a reason, and read-only unless staff choose "with changes". */
export const loginAsRequestSchema = z.object({
  reason: required(text({ min: 3, max: 500 })),
  with_changes: z.boolean().optional().default(false),
});
export type LoginAsRequest = z.input<typeof loginAsRequestSchema>;

/** The login-as session the caller is in, for the banner "Viewing as <affiliate> — <staff>". */
export const impersonationReplySchema = dataReply(
  z
    .object({
      affiliate: z.object({ id: z.number(), name: z.string() }),
      staff: z.object({ id: z.number(), name: z.string() }),
      read_only: z.boolean(),
      reason: z.string(),
    })
    .nullable(),
);
export type Impersonation = NonNullable<z.infer<typeof impersonationReplySchema>['data']>;

/** SPEC.md section 8 and our own texts of the affiliates list, word for word on both sides. */
export const affiliateMessages = {
  created: 'Affiliate created successfully',
  updated: 'Affiliate updated successfully',
  notUpdated: 'Affiliate not updated',
  activated: 'Account activated successfully',
  deactivated: 'Account deactivated successfully',
  revsharePaused: 'Revshare paused successfully',
  revshareUnpaused: 'Revshare unpaused successfully',
  managerAssigned: 'A new manager has been assigned',
  managerRemoved: 'The manager has been removed',
  tierAssigned: 'Tier assigned successfully',
  offerRewardSaved: 'Offer reward saved successfully',
  offerRewardRemoved: 'Offer reward removed successfully',
  approved: 'Affiliate approved successfully',
  rejected: 'Affiliate rejected successfully',
  notFound: 'Affiliate not found.',
  ownerNotDeactivated: 'The owner account cannot be deactivated.',
  managerUnknown: 'Choose a staff user as the manager.',
  tierUnknown: 'This tier does not exist.',
  offerUnknown: 'This offer does not exist.',
  notPending: 'This affiliate is not waiting for approval.',
  readOnlySession:
    'This login-as session is read-only: nothing can be changed. Log in as this affiliate again and choose "with changes" to make changes.',
  pendingNoLinks: 'Your account is waiting for approval by the network. Tracking links are available once it is approved.',
  approvalSaved: 'Sign-up approval setting saved',
} as const;
