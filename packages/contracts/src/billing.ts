import { z } from 'zod';
import { compactCode, isValidBic, isValidIban, isValidRoutingNumber, isValidWalletAddress } from './billing-checks.ts';
import { required } from './rules/field.ts';
import { lineText, nameText } from './rules/text.ts';
import { email } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';
import { profileIssueCodes } from './auth.ts';

export * from './billing-checks.ts';

/** Who is paid: a person or a company (decides the tax withholding rate). */
export const recipientTypes = ['individual', 'company'] as const;
export type RecipientType = (typeof recipientTypes)[number];

/** The kinds of payment method; each asks for its own details. */
export const paymentMethodTypes = ['wire', 'ach', 'paypal', 'paxum', 'usdt'] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

export const billingMessages = {
  iban: 'This IBAN is not valid: check its country, length and check digits.',
  bic: 'This SWIFT/BIC code is not valid.',
  routingNumber: 'This routing number is not valid.',
  accountNumber: 'An account number has 4 to 17 digits.',
  wallet: 'This wallet address is not valid for the network chosen.',
  unknownMethod: 'This payment method does not exist.',
  saved: 'Billing details saved successfully',
} as const;

const holder = required(nameText({ max: 150 }));

const wireDetails = z.object({
  account_holder: holder,
  iban: required(z.string().transform(compactCode).refine(isValidIban, billingMessages.iban)),
  swift: required(z.string().transform(compactCode).refine(isValidBic, billingMessages.bic)),
  bank_name: required(nameText({ max: 150 })),
  bank_address: lineText({ max: 255 }).optional().default(''),
});

const achDetails = z.object({
  account_holder: holder,
  routing_number: required(z.string().trim().refine(isValidRoutingNumber, billingMessages.routingNumber)),
  account_number: required(z.string().trim().regex(/^\d{4,17}$/, billingMessages.accountNumber)),
  account_type: z.enum(['checking', 'savings'], { error: m.required }),
});

const emailDetails = z.object({ email: required(email()) });

const usdtDetails = z
  .object({
    network: z.enum(['trc20', 'erc20'], { error: m.required }),
    wallet_address: required(lineText({ max: 64 })),
  })
  .superRefine((v, ctx) => {
    if (!isValidWalletAddress(v.network, v.wallet_address)) ctx.addIssue({ code: 'custom', message: billingMessages.wallet, path: ['wallet_address'] });
  });

/** The details each method needs. */
export const billingDetailsByMethod = {
  wire: wireDetails,
  ach: achDetails,
  paypal: emailDetails,
  paxum: emailDetails,
  usdt: usdtDetails,
} as const satisfies Record<PaymentMethodType, z.ZodType>;

/**
 * PUT /v1/user/billing: recipient type, the payment method's type and its details. Errors land on
 * `recipient_type`, `method` or `details.<field>`.
 */
export const billingDetailsSchema = z.discriminatedUnion(
  'method',
  paymentMethodTypes.map((method) =>
    z.object({
      recipient_type: z.enum(recipientTypes, { error: m.required }),
      method: z.literal(method),
      details: billingDetailsByMethod[method],
    }),
  ) as unknown as [z.ZodObject<{ recipient_type: z.ZodEnum; method: z.ZodLiteral<PaymentMethodType>; details: z.ZodType }>],
  { error: m.required },
);
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
export type BillingDetails = {
  [K in PaymentMethodType]: { recipient_type: RecipientType; method: K; details: z.output<(typeof billingDetailsByMethod)[K]> };
}[PaymentMethodType];

/** GET /v1/user/billing. `method` null and `details` empty until the affiliate gives them. */
export const billingAccountSchema = z.object({
  recipient_type: z.enum(recipientTypes).nullable(),
  method: z.object({ id: z.number().int(), type: z.enum(paymentMethodTypes), name: z.string(), min_payout: z.number(), fee: z.number() }).nullable(),
  details: z.record(z.string(), z.string()),
  /** Every detail the method needs is given and valid, and the method is active. */
  is_complete: z.boolean(),
  /**
   * What still holds the affiliate's payouts (user details, billing, tax form), from the one
   * eligibility rule the top bar and the period close use: empty when payouts can be sent.
   */
  payout_issues: z.array(z.enum(profileIssueCodes)),
  /** Why the affiliate must confirm these details again (a payment returned by their bank, a bank's correction); null when nothing is asked. */
  confirm_reason: z.string().nullable(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;
