import type { Biller, BillerEventType } from '@portal/contracts';

/** One post as a biller sent it: the query string and the body's fields (JSON flattened or form-encoded). */
export interface BillerPost {
  method: 'GET' | 'POST';
  /** Decoded query parameters (first value of each name). */
  query: Record<string, string>;
  /** Decoded body fields (form-encoded or a JSON object's top-level scalars as strings); {} for GET. */
  body: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
}

/** What a format needs of the biller account it arrived for. */
export interface AccountForFormat {
  biller: Biller;
  /** The name of the pass-through field carrying our click id (defaultPassthroughFields). */
  passthroughField: string;
  /** The account's secret in clear (Verotel signature key, Segpay token), or null. */
  secret: string | null;
}

/** A biller event in our terms. Amounts in the currency's minor units (cents for USD/EUR/GBP). */
export interface ParsedBillerEvent {
  /** The biller's own event name as sent (NewSaleSuccess, initial, Rebill, ...). */
  billerEvent: string;
  type: BillerEventType;
  /** The biller's id of this transaction: idempotency key with the account (never empty for money events). */
  transactionId: string | null;
  /** The subscription (or member / sale) id that ties rebills, refunds and cancellations to the first sale. */
  subscriptionId: string | null;
  /** For refunds, chargebacks and voids: the biller's id of the transaction taken back, when it says. */
  originalTransactionId: string | null;
  /** Our click id from the pass-through field, when present. */
  cid: string | null;
  amountMinor: number;
  /** ISO 4217, upper case; 'USD' when the biller says nothing. */
  currency: string;
}

/** Why a post is refused (stored in the event log, changes nothing). */
export interface RefusedPost {
  refused: string;
}

/** One biller's format: reads a post and checks its signature or token. */
export interface BillerFormat {
  biller: Biller;
  /**
   * Reads the post. A bad signature or token, or a post missing its required fields, is a
   * `RefusedPost` with the reason staff read in the event log.
   */
  parse(post: BillerPost, account: AccountForFormat): ParsedBillerEvent | RefusedPost;
  /** What the biller expects as the answer body on success (Verotel: plain text `OK`). */
  okBody: string;
  /** Field names the format knows hold secrets (redacted in the log), besides card-like ones. */
  secretFields: readonly string[];
}

export const isRefused = (r: ParsedBillerEvent | RefusedPost): r is RefusedPost => 'refused' in r;
