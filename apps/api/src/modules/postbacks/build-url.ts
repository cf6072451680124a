import type { PostbackMacro, PostbackMethod } from '@portal/contracts';

/** The value of every macro, as text, before URL encoding. */
export type MacroValues = Record<PostbackMacro extends `{${infer K}}` ? K : never, string>;

/** A conversion as the postbacks see it (the lead's conversions service hands it over). */
export interface ConversionForPostback {
  conversionId: number;
  affiliateId: number;
  offerId: number;
  campaignId: number | null;
  type: 'signup' | 'sale' | 'rebill' | 'refund' | 'chargeback';
  cid: string | null;
  /** The affiliate's earning, signed (a reversal is negative). */
  payoutCents: number;
  amountCents: number;
  currency: string;
  transactionId: string;
  subs: { sub1: string | null; sub2: string | null; sub3: string | null; sub4: string | null; sub5: string | null };
  createdAt: Date;
}

/** Integer cents as dollars with two decimals, "-12.05" for -1205; no floating point on money. */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function macroValuesOf(c: ConversionForPostback): MacroValues {
  return {
    cid: c.cid ?? '',
    pid: String(c.offerId),
    sub1: c.subs.sub1 ?? '',
    sub2: c.subs.sub2 ?? '',
    sub3: c.subs.sub3 ?? '',
    sub4: c.subs.sub4 ?? '',
    sub5: c.subs.sub5 ?? '',
    goal: c.type,
    payout: centsToDollars(c.payoutCents),
    amount: centsToDollars(c.amountCents),
    currency: c.currency,
    transaction_id: c.transactionId,
    conversion_id: String(c.conversionId),
    campaign_id: c.campaignId === null ? '' : String(c.campaignId),
    affiliate_id: String(c.affiliateId),
    timestamp: String(Math.floor(c.createdAt.getTime() / 1000)),
    datetime: c.createdAt.toISOString(),
  };
}

/** Names of the parameters a postback appends (empty: not appended). */
export interface AppendedParams {
  cidParam: string;
  pidParam: string;
  sub1Param: string;
  sub2Param: string;
  sub3Param: string;
  sub4Param: string;
  sub5Param: string;
}

export interface DeliveryRequest {
  method: PostbackMethod;
  /** Everything in one address: what the log shows and what a GET calls. */
  url: string;
}

/**
 * The final address of a postback: known macros replaced by their URL-encoded values (unknown
 * ones are left as typed, so the owner sees the typo in the log), then the chosen parameters
 * appended. The affiliate's own query is kept byte for byte: nothing is re-serialised.
 */
export function buildPostbackUrl(template: string, params: AppendedParams, values: MacroValues): string {
  const substituted = template.replace(/\{([a-z0-9_]+)\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as keyof MacroValues;
    return Object.hasOwn(values, key) ? encodeURIComponent(values[key]) : whole;
  });
  const appended = (
    [
      [params.cidParam, values.cid],
      [params.pidParam, values.pid],
      [params.sub1Param, values.sub1],
      [params.sub2Param, values.sub2],
      [params.sub3Param, values.sub3],
      [params.sub4Param, values.sub4],
      [params.sub5Param, values.sub5],
    ] as const
  )
    .filter(([name]) => name !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  const hashAt = substituted.indexOf('#');
  const base = hashAt === -1 ? substituted : substituted.slice(0, hashAt);
  if (appended.length === 0) return new URL(base).href;
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  // The fragment never reaches the server, so it is dropped.
  return new URL(`${base}${joiner}${appended.join('&')}`).href;
}

/** A POST carries the query as its form body and calls the address without it. */
export function splitForMethod(method: PostbackMethod, url: string): { target: string; body: string | null } {
  if (method === 'GET') return { target: url, body: null };
  const parsed = new URL(url);
  const body = parsed.search.replace(/^\?/, '');
  parsed.search = '';
  return { target: parsed.href, body };
}

/** Values "Send test" fires with: recognisable as a test in the receiver's logs. */
export function sampleMacroValues(offerId: number | null, affiliateId: number, goal: string, now: Date, testId: string): MacroValues {
  return {
    cid: `TEST${testId}`,
    pid: String(offerId ?? 1),
    sub1: 'test_sub1',
    sub2: 'test_sub2',
    sub3: 'test_sub3',
    sub4: 'test_sub4',
    sub5: 'test_sub5',
    goal: goal === 'all' ? 'sale' : goal,
    payout: '12.50',
    amount: '29.99',
    currency: 'USD',
    transaction_id: `test-${testId}`,
    conversion_id: '0',
    campaign_id: '',
    affiliate_id: String(affiliateId),
    timestamp: String(Math.floor(now.getTime() / 1000)),
    datetime: now.toISOString(),
  };
}
