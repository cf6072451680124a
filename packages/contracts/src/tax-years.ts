import { z } from 'zod';
import { listQuerySchema } from './rules/list.ts';
import { idText } from './rules/ids.ts';
import { lineText } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/**
 * Year-end tax forms (docs/tax-forms.md, "Year-end forms"): per payee and calendar year, what was
 * paid and withheld, and the form that reports it: 1099-NEC for a US person, 1042-S for a foreign
 * one, none for a US payee under the threshold.
 */

export const yearEndForms = ['1099-NEC', '1042-S'] as const;
export type YearEndForm = (typeof yearEndForms)[number];

/** Our rule (the issue's): a 1099-NEC from 600 dollars paid in the year, or any backup withholding. */
export const NEC_THRESHOLD_CENTS = 600_00;

/** Why a payee's form cannot be filed as it stands. */
export const taxYearProblems = ['no_tax_form', 'form_expired', 'missing_address'] as const;
export type TaxYearProblem = (typeof taxYearProblems)[number];

export const taxYearProblemLabels: Record<TaxYearProblem, string> = {
  no_tax_form: 'No tax form on file',
  form_expired: 'The tax form expired during the year',
  missing_address: 'The address is missing',
};

/** Why a payee has no form. */
export const noFormReasons = ['under_threshold', 'corporation_exempt'] as const;
export const noFormReasonLabels: Record<(typeof noFormReasons)[number], string> = {
  under_threshold: 'Under $600: no form',
  corporation_exempt: 'Corporation: exempt',
};

export const taxYearMessages = {
  year: 'Enter a year from 2000 to this year.',
  issued: (n: number) => (n === 1 ? '1 form issued' : `${n} forms issued`),
  nothingToIssue: 'Every form of this year is already issued with these figures.',
  consentSaved: 'Your choice of delivery is saved',
  settingsSaved: 'Tax document settings saved',
  noTcc: 'Enter the transmitter control code (TCC) the IRS gave you in the tax document settings first.',
  payerTin: "The network's tax id (Global Settings, Network details) must be its 9-digit EIN to file with the IRS.",
  payerAddress: "The network's address (Global Settings, Network details) must end with a line \"City, ST 12345\" to file with the IRS.",
  noForms: 'No 1099-NEC of this year is issued yet: issue the forms first.',
} as const;

/** `{year}` in a path: four digits, 2000 to this year (checked on the server against the clock). */
export const taxYearParamsSchema = z.object({
  year: z
    .string()
    .regex(/^2\d{3}$/, { error: taxYearMessages.year })
    .transform(Number),
});
export const taxYearPdfParamsSchema = taxYearParamsSchema.extend({ affiliate_id: idText() });

export const taxYearFormsQuerySchema = listQuerySchema({}, { sort: ['name', 'gross', 'id'], defaultSort: 'name' });
export type TaxYearFormsQuery = z.input<typeof taxYearFormsQuerySchema>;

const money = z.number();

/** Form 1042-S's coded boxes. */
export const form1042sCodesSchema = z.object({
  /** Box 1: 17, compensation for independent personal services. */
  income_code: z.string(),
  /** Box 3: the chapter (3). */
  chapter: z.literal(3),
  /** Box 3a: the exemption code (04: exempt under a tax treaty), or null when tax was withheld. */
  exemption_code: z.string().nullable(),
  /** Box 3b: the tax rate in percent ("30.00", "15.00", "00.00"). */
  tax_rate: z.string(),
  /** Box 13f/13j: the recipient's chapter 3 status code (16 individual, 15 corporation). */
  recipient_status_code: z.string(),
  treaty_country: z.string().nullable(),
});

/** One payee's line for a year (`GET /v1/tax-years/{year}/forms`). */
export const taxYearLineSchema = z.object({
  affiliate_id: z.number().int(),
  form: z.enum(yearEndForms).nullable(),
  /** Paid in the year (by the day paid, USD), returned payments taken out. */
  gross: money,
  /** Federal income tax withheld (backup withholding, or chapter 3). */
  withheld: money,
  problems: z.array(z.enum(taxYearProblems)),
  name: z.string(),
  email: z.string(),
  /** The payments that came back in the year (already taken out of `gross`). */
  returned: money,
  no_form_reason: z.enum(noFormReasons).nullable(),
  /** The tax form the payee's details come from: w9, w8ben, w8bene. */
  tax_form_type: z.string().nullable(),
  codes_1042s: form1042sCodesSchema.nullable(),
  /** Without consent to electronic delivery, a paper copy must be mailed. */
  electronic_delivery: z.boolean(),
  /** The latest issued form: its id, whether it was a correction, and whether the figures changed since. */
  issued: z.object({ id: z.number().int(), issued_at: z.string(), corrected: z.boolean(), to_date: z.boolean(), changed: z.boolean() }).nullable(),
});
export type TaxYearLine = z.infer<typeof taxYearLineSchema>;

export const taxYearFormsReplySchema = z.object({
  data: z.array(taxYearLineSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    year: z.number().int(),
    /** The current year: figures to date. */
    to_date: z.boolean(),
    totals: z.object({ forms_1099: z.number().int(), forms_1042s: z.number().int(), gross_1099: money, withheld_1099: money, with_problems: z.number().int() }),
  }),
});
export type TaxYearFormsReply = z.infer<typeof taxYearFormsReplySchema>;

export const issueReplySchema = z.object({ data: z.object({ issued: z.number().int(), corrected: z.number().int() }), message: z.string() });

/** An issued form as its payee sees it (`GET /v1/user/tax-documents`). */
export const taxDocumentSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  form: z.enum(yearEndForms),
  gross: money,
  withheld: money,
  corrected: z.boolean(),
  to_date: z.boolean(),
  issued_at: z.string(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

export const taxDeliverySchema = z.object({ electronic: z.boolean() });
export const taxDeliveryUpdateSchema = z.object({ electronic: z.boolean({ error: m.invalid }) });

/** The year-end settings: exempt corporations (off by default), and the IRS file's transmitter details. */
export const taxDocumentSettingsSchema = z.object({ exempt_corporations: z.boolean(), transmitter_control_code: z.string(), contact_name: z.string(), contact_phone: z.string() });
export type TaxDocumentSettings = z.infer<typeof taxDocumentSettingsSchema>;
export const taxDocumentSettingsUpdateSchema = z.object({
  exempt_corporations: z.boolean({ error: m.invalid }),
  transmitter_control_code: z.string({ error: m.required }).trim().toUpperCase().regex(/^([A-Z0-9]{5})?$/, { error: m.invalid }),
  contact_name: lineText({ max: 40 }),
  contact_phone: z.string({ error: m.required }).trim().regex(/^[0-9 ()+.-]{0,20}$/, { error: m.invalid }),
});
