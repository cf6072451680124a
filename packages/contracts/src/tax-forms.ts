import { z } from 'zod';
import { choice } from './rules/choice.ts';
import { optional, required } from './rules/field.ts';
import { lineText, nameText, text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Tax forms (docs/tax-forms.md): W-9 for US persons, W-8BEN for foreign individuals, W-8BEN-E
 * for foreign entities. One schema per form drives the form in the browser and checks the body
 * of `POST /v1/tax-forms` on the server.
 */

export const taxFormTypes = ['w9', 'w8ben', 'w8bene'] as const;
export type TaxFormType = (typeof taxFormTypes)[number];

/** SPEC.md section 4: the W9/W8 form status of an affiliate. */
export const taxFormStatuses = ['n_a', 'not_uploaded', 'pending', 'accepted', 'declined'] as const;
export type TaxFormStatus = (typeof taxFormStatuses)[number];

/** The decline dialog's two choices: back to Not Uploaded, or keep it Pending (SPEC.md section 4). */
export const taxFormDeclineStatuses = ['not_uploaded', 'pending'] as const;

export const w9TaxClassifications = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc_c', 'llc_s', 'llc_p', 'other'] as const;
export const w8EntityTypes = ['corporation', 'partnership', 'disregarded_entity', 'simple_trust', 'grantor_trust', 'complex_trust', 'estate', 'foreign_government', 'private_foundation', 'other'] as const;
export const w8FatcaStatuses = ['active_nffe', 'passive_nffe', 'nonreporting_iga_ffi', 'participating_ffi', 'exempt_beneficial_owner', 'excepted_nffe'] as const;

/** Uploads: a signed PDF, at most 5 MB, checked by its content. */
export const TAX_FORM_MAX_BYTES = 5 * 1024 * 1024;

export const taxFormMessages = {
  ssn: 'Enter a valid SSN or ITIN: 9 digits, as 123-45-6789.',
  ein: 'Enter a valid EIN: 9 digits, as 12-3456789.',
  foreignTin: 'Enter the tax number as your country issues it (letters, digits, spaces, dashes, dots or slashes).',
  usTin: 'Enter a valid US taxpayer number (SSN, ITIN or EIN), or leave it empty.',
  dateOfBirth: 'Enter your date of birth (YYYY-MM-DD).',
  state: 'Enter the two-letter state code, for example CA.',
  zip: 'Enter a 5-digit ZIP code, or ZIP+4.',
  country: 'Choose a country.',
  usCountry: 'A W-8 is for foreign persons: for a US person, fill a W-9.',
  file: 'Upload the signed form as a PDF of at most 5 MB.',
  /** An uploaded PDF that is encrypted, cannot be read, or keeps active content after it was stripped (docs/tax-forms.md). */
  fileUnchecked: 'This PDF could not be checked: save it again without a password (or print it to PDF) and upload that.',
  notPending: 'Only a pending form can be accepted or declined.',
  submitted: 'Your tax form was sent for review',
  accepted: 'Tax form accepted',
  declined: 'Tax form declined',
  keptPending: 'The affiliate was told what to fix; the form stays pending',
  statusSaved: 'Tax form status saved',
} as const;

const digits = (v: string) => v.replace(/[\s-]/g, '');

/** An optional text field: missing, blank or the empty marker all read as ''. */
const blankable = <T extends z.ZodType<string>>(rule: T) =>
  optional(rule, '')
    .optional()
    .transform((v) => v ?? '');

/** An SSN (not area 000, 666 or 9xx, group 00 or serial 0000) or an ITIN (9xx with group 50-65, 70-88, 90-92, 94-99). */
export function isValidSsnOrItin(value: string): boolean {
  const d = digits(value);
  if (!/^\d{9}$/.test(d) || !/^\d{3}-?\d{2}-?\d{4}$/.test(value.trim().replace(/\s/g, ''))) return false;
  const area = Number(d.slice(0, 3));
  const group = Number(d.slice(3, 5));
  const serial = Number(d.slice(5));
  if (d[0] === '9') return (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
  return area !== 0 && area !== 666 && group !== 0 && serial !== 0;
}

/** The IRS campus prefixes an EIN starts with. */
const EIN_PREFIXES = new Set(
  [[1, 6], [10, 16], [20, 27], [30, 48], [50, 68], [71, 77], [80, 88], [90, 95], [98, 99]].flatMap(([a, b]) => Array.from({ length: b! - a! + 1 }, (_, i) => a! + i)),
);

export function isValidEin(value: string): boolean {
  const d = digits(value);
  return /^\d{2}-?\d{7}$/.test(value.trim().replace(/\s/g, '')) && EIN_PREFIXES.has(Number(d.slice(0, 2)));
}

/** Digits only, as the TIN is stored (encrypted). */
export const normalizeTin = (value: string): string => digits(value);

/** "***-**-6789" for an SSN/ITIN, "**-***6789" for an EIN, "••••6789" for a foreign number. */
export function maskTin(type: string, last4: string): string {
  if (type === 'ssn' || type === 'itin') return `***-**-${last4}`;
  if (type === 'ein') return `**-***${last4}`;
  return `****${last4}`;
}

const country = required(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, taxFormMessages.country));
const foreignCountry = country.refine((v) => v !== 'US', taxFormMessages.usCountry);
const optionalCountry = blankable(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, taxFormMessages.country));
// A blank check box reads as any other empty field (SPEC.md section 5): "This field is required".
const certify = z.literal(true, { error: m.required });
const signature = required(lineText({ min: 2, max: 150 }));
const foreignTin = blankable(text({ max: 40 }).regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, taxFormMessages.foreignTin));
const usTin = blankable(text({ max: 11 }).refine((v) => isValidSsnOrItin(v) || isValidEin(v), taxFormMessages.usTin));

/** Where the foreign person or entity is, and its US and foreign TINs: the part of W-8BEN and W-8BEN-E they fill alike. */
const w8AddressAndTins = {
  address: required(lineText({ max: 200 })),
  city: required(lineText({ max: 100 })),
  postal_code: blankable(lineText({ max: 20 })),
  country: foreignCountry,
  us_tin: usTin,
  foreign_tin: foreignTin,
  foreign_tin_not_required: z.boolean().optional().default(false),
};

/** Foreign TIN: required unless the affiliate ticks "not legally required". */
const needsForeignTin = (v: { foreign_tin: string; foreign_tin_not_required: boolean }, ctx: z.RefinementCtx) => {
  if (!v.foreign_tin && !v.foreign_tin_not_required) ctx.addIssue({ code: 'custom', message: m.required, path: ['foreign_tin'] });
};

export const w9InputSchema = z
  .object({
    form_type: z.literal('w9', { error: m.required }),
    name: required(nameText({ max: 150 })),
    business_name: blankable(nameText({ max: 150 })),
    tax_classification: choice(w9TaxClassifications),
    address: required(lineText({ max: 200 })),
    city: required(lineText({ max: 100 })),
    state: required(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, taxFormMessages.state)),
    postal_code: required(z.string().trim().regex(/^\d{5}(-\d{4})?$/, taxFormMessages.zip)),
    tin_type: choice(['ssn', 'ein'] as const),
    tin: required(text({ max: 11 })),
    certify,
    signature,
  })
  .superRefine((v, ctx) => {
    if (!v.tin) return;
    if (v.tin_type === 'ssn' && !isValidSsnOrItin(v.tin)) ctx.addIssue({ code: 'custom', message: taxFormMessages.ssn, path: ['tin'] });
    if (v.tin_type === 'ein' && !isValidEin(v.tin)) ctx.addIssue({ code: 'custom', message: taxFormMessages.ein, path: ['tin'] });
  });
export type W9Input = z.input<typeof w9InputSchema>;

export const w8benInputSchema = z
  .object({
    form_type: z.literal('w8ben', { error: m.required }),
    name: required(nameText({ max: 150 })),
    country_of_citizenship: foreignCountry,
    ...w8AddressAndTins,
    date_of_birth: required(
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, taxFormMessages.dateOfBirth)
        .refine((v) => {
          const d = new Date(`${v}T00:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && d.getTime() < Date.now();
        }, taxFormMessages.dateOfBirth),
    ),
    treaty_country: optionalCountry,
    certify,
    signature,
  })
  .superRefine(needsForeignTin);
export type W8benInput = z.input<typeof w8benInputSchema>;

export const w8beneInputSchema = z
  .object({
    form_type: z.literal('w8bene', { error: m.required }),
    name: required(nameText({ max: 150 })),
    country_of_incorporation: foreignCountry,
    entity_type: choice(w8EntityTypes),
    fatca_status: choice(w8FatcaStatuses),
    ...w8AddressAndTins,
    treaty_country: optionalCountry,
    signer_name: required(nameText({ max: 150 })),
    certify,
    signature,
  })
  .superRefine(needsForeignTin);
export type W8beneInput = z.input<typeof w8beneInputSchema>;

/** `POST /v1/tax-forms` as JSON: one of the three forms, by `form_type`. */
export const taxFormInputSchema = z.discriminatedUnion('form_type', [w9InputSchema, w8benInputSchema, w8beneInputSchema], { error: m.required });
export type TaxFormInput = z.input<typeof taxFormInputSchema>;
export type TaxFormFilled = z.output<typeof taxFormInputSchema>;

/** `POST /v1/tax-forms` as multipart: the form's type beside the `file`. */
export const taxFormUploadRequestSchema = z.object({
  form_type: choice(taxFormTypes),
});

export const taxFormDeclineRequestSchema = z.object({
  reason: required(text({ max: 500 })),
  status: choice(taxFormDeclineStatuses),
});
export type TaxFormDeclineRequest = z.input<typeof taxFormDeclineRequestSchema>;

/** Staff marking an affiliate as not needing a form (n_a), or needing one again. */
export const taxFormStatusUpdateSchema = z.object({
  status: choice(['n_a', 'not_uploaded'] as const),
});

export const taxFormQuerySchema = z.object({
  status: z.enum(['pending', 'accepted', 'declined']).optional().default('pending'),
  page: z.coerce.number({ error: m.invalid }).int(m.invalid).min(1, m.invalid).optional().default(1),
  per_page: z.coerce.number({ error: m.invalid }).int(m.invalid).min(1, m.invalid).max(200, m.invalid).optional().default(50),
});

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const taxFormSchema = z.object({
  id: z.number().int(),
  affiliate: person,
  form_type: z.enum(taxFormTypes),
  /** Filled in the app, or an uploaded signed PDF. */
  source: z.enum(['filled', 'upload']),
  /** The row's own state: pending, accepted or declined. */
  status: z.enum(['pending', 'accepted', 'declined']),
  /** The form's fields as filled (never the TIN itself); empty for an upload. */
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
  tin_type: z.string().nullable(),
  /** The TIN masked to its last four digits. */
  tin_masked: z.string().nullable(),
  signature: z.string().nullable(),
  /** YYYY-MM-DD. */
  signed_at: z.string(),
  /** W-8 forms: the first moment they are no longer valid (the end of the third calendar year after signing). */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decline_reason: z.string().nullable(),
  /** Replaced by a newer submission before it was reviewed. */
  superseded: z.boolean(),
  file_name: z.string().nullable(),
});
export type TaxForm = z.infer<typeof taxFormSchema>;

/** What an affiliate (or staff for one affiliate) sees: the status, the issue it raises, the current form and the history. */
export const taxFormStateSchema = z.object({
  affiliate: person,
  status: z.enum(taxFormStatuses),
  issue: z.enum(['legal_forms_not_submitted', 'legal_forms_not_accepted', 'legal_forms_rejected', 'legal_forms_expired']).nullable(),
  /** The latest form, if any. */
  current: taxFormSchema.nullable(),
  history: z.array(taxFormSchema),
});
export type TaxFormState = z.infer<typeof taxFormStateSchema>;

/** Staff's explicit reveal: the numbers in clear (each reveal is written to the event history). */
export const revealedTinsSchema = z.object({ tin: z.string().nullable(), us_tin: z.string().nullable(), foreign_tin: z.string().nullable() });
