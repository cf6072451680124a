import { z } from 'zod';
import { optional, required } from './rules/field.ts';
import { id, idText } from './rules/ids.ts';
import { text } from './rules/text.ts';
import { isPrivateHost } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';

/** WHATWG URL parser; typed here because contracts compile without DOM or Node types. */
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string; port: string } }).URL;

/** Conversions a postback fires for: one type, or all of them. */
export const postbackGoals = ['signup', 'sale', 'rebill', 'refund', 'chargeback', 'all'] as const;
export type PostbackGoal = (typeof postbackGoals)[number];
/** global: every offer; offer: one offer only. */
export const postbackTypes = ['global', 'offer'] as const;
export type PostbackType = (typeof postbackTypes)[number];
export const postbackMethods = ['GET', 'POST'] as const;
export type PostbackMethod = (typeof postbackMethods)[number];
export const deliveryStatuses = ['pending', 'delivered', 'failed', 'refused'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const postbackMessages = {
  created: 'Postback created successfully',
  updated: 'Postback updated successfully',
  deleted: 'Postback deleted successfully',
  notFound: 'Postback not found.',
  privateUrl: 'The address must be public: private, local and internal addresses are not allowed.',
  macroInHost: 'Macros can be used in the path and query only, not in the host name.',
  unknownOffer: 'This offer does not exist.',
} as const;

export interface PostbackUrlOptions {
  /**
   * `host:port` pairs exempt from the private-address rule. The server passes its OUTBOUND_ALLOW
   * list (tests on one machine only); the web form passes nothing.
   */
  allowHost?: (hostPort: string) => boolean;
}

/**
 * The url of a postback: absolute http(s) to a public host. Macros (`{cid}` ...) may appear in
 * the path and query; the host must be fixed, so a sub ID can never choose where the call goes.
 * Names that resolve to private addresses are refused by the server (it resolves them).
 */
export function postbackUrlIssue(value: string, options: PostbackUrlOptions = {}): string | undefined {
  if (!/^https?:\/\/[^/?#\s]/i.test(value) || /\s/.test(value)) return m.url;
  let url: { protocol: string; hostname: string; port: string };
  try {
    url = new WhatwgUrl(value);
  } catch {
    return m.url;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return m.url;
  if (/[{}]/.test(url.hostname) || /%7b|%7d/i.test(url.hostname)) return postbackMessages.macroInHost;
  const hostPort = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
  if (isPrivateHost(url.hostname) && !options.allowHost?.(hostPort)) return postbackMessages.privateUrl;
  return undefined;
}

export function postbackUrl(options: PostbackUrlOptions = {}) {
  return text({ max: 2048 }).superRefine((value, ctx) => {
    const issue = postbackUrlIssue(value, options);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, input: value });
  });
}

/** Name of a query parameter to append (cid, pid, sub1..sub5); empty: not appended. */
const paramName = () =>
  optional(text({ max: 64 }).regex(/^[A-Za-z0-9_.\-[\]]+$/, m.invalid), '')
    .optional()
    .transform((v) => v ?? '');

/** Create and update (SPEC.md section 3: goal, type, method, url, cid, pid, sub1 to sub5). */
export const postbackInput = (options: PostbackUrlOptions = {}) =>
  z
    .object({
      goal: required(z.enum(postbackGoals, { error: m.invalid })),
      type: required(z.enum(postbackTypes, { error: m.invalid })),
      /** Required for type offer; ignored for global. */
      offer_id: z.preprocess((v) => (v === '' ? null : v), id().nullable().optional()),
      method: optional(z.enum(postbackMethods, { error: m.invalid }), 'GET' as const)
        .optional()
        .transform((v) => v ?? 'GET'),
      url: required(postbackUrl(options)),
      cid: paramName(),
      pid: paramName(),
      sub1: paramName(),
      sub2: paramName(),
      sub3: paramName(),
      sub4: paramName(),
      sub5: paramName(),
    })
    .superRefine((v, ctx) => {
      if (v.type === 'offer' && !v.offer_id) ctx.addIssue({ code: 'custom', message: m.required, path: ['offer_id'], input: v.offer_id });
    })
    .transform((v) => ({ ...v, offer_id: v.type === 'offer' ? (v.offer_id ?? null) : null }));
export const postbackInputSchema = postbackInput();
export type PostbackInput = z.input<typeof postbackInputSchema>;

export const postbackSchema = z.object({
  id: z.number().int(),
  goal: z.enum(postbackGoals),
  type: z.enum(postbackTypes),
  offer_id: z.number().int().nullable(),
  method: z.enum(postbackMethods),
  url: z.string(),
  cid: z.string(),
  pid: z.string(),
  sub1: z.string(),
  sub2: z.string(),
  sub3: z.string(),
  sub4: z.string(),
  sub5: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Postback = z.infer<typeof postbackSchema>;

/** Macros a postback url may hold, with the line the form shows beside it. */
export const postbackMacros = [
  { macro: '{cid}', description: 'Click ID of the tracked click' },
  { macro: '{pid}', description: 'Offer ID' },
  { macro: '{sub1}', description: 'Sub ID 1 passed on the tracking link' },
  { macro: '{sub2}', description: 'Sub ID 2 passed on the tracking link' },
  { macro: '{sub3}', description: 'Sub ID 3 passed on the tracking link' },
  { macro: '{sub4}', description: 'Sub ID 4 passed on the tracking link' },
  { macro: '{sub5}', description: 'Sub ID 5 passed on the tracking link' },
  { macro: '{goal}', description: 'Conversion type: signup, sale, rebill, refund or chargeback' },
  { macro: '{payout}', description: 'Your earning for this conversion in dollars, e.g. 12.50 (negative for a reversal)' },
  { macro: '{amount}', description: 'Sale amount reported by the site, e.g. 29.99' },
  { macro: '{currency}', description: 'Currency of the sale amount, e.g. USD' },
  { macro: '{transaction_id}', description: "The site's transaction ID" },
  { macro: '{conversion_id}', description: 'Conversion ID in the network' },
  { macro: '{campaign_id}', description: 'Campaign ID, empty without a campaign' },
  { macro: '{affiliate_id}', description: 'Your affiliate ID' },
  { macro: '{timestamp}', description: 'Conversion time as a Unix timestamp (seconds)' },
  { macro: '{datetime}', description: 'Conversion time in ISO 8601, UTC' },
] as const;
export type PostbackMacro = (typeof postbackMacros)[number]['macro'];

export const postbackMacroSchema = z.object({ macro: z.string(), description: z.string() });

export const postbackDeliverySchema = z.object({
  id: z.number().int(),
  postback_id: z.number().int().nullable(),
  conversion_id: z.number().int().nullable(),
  is_test: z.boolean(),
  method: z.enum(postbackMethods),
  /** The address with every parameter; a POST sends the query part as its form body. */
  url: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  http_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** The first bytes of the answer. */
  response_snippet: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type PostbackDelivery = z.infer<typeof postbackDeliverySchema>;

export const postbackListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const deliveryListQuerySchema = z.object({
  postback_id: idText().optional(),
  status: z.enum(deliveryStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** "Send test": the request made and the answer, or why there was none. */
export const postbackTestResultSchema = z.object({
  delivery_id: z.number().int(),
  status: z.enum(deliveryStatuses),
  request: z.object({
    method: z.enum(postbackMethods),
    url: z.string(),
    /** The form body of a POST. */
    body: z.string().nullable(),
  }),
  response: z
    .object({
      status: z.number().int(),
      duration_ms: z.number().int(),
      /** The first bytes of the answer. */
      body: z.string(),
    })
    .nullable(),
  /** The refusal or network error when there is no answer. */
  error: z.string().nullable(),
});
export type PostbackTestResult = z.infer<typeof postbackTestResultSchema>;
