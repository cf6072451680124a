import { REDACTED } from '../../lib/log-redaction.ts';
import type { BillerPost, ParsedBillerEvent } from './formats/index.ts';

/** Names of fields that hold card data, whatever their value. */
const CARD_NAME = /card|cc_?num|ccnumber|cvv|cvc|^pan$|expdate|exp_date/i;
/** Names of fields that hold secrets (besides each format's own): redacted, their presence kept. */
const SECRET_NAME = /^(signature|token|secret|password|key|api_key|apikey)$/i;

/** Luhn's check, which every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A value that looks like a card number: 13 to 19 digits once spaces and dashes are removed, passing Luhn's check. */
export function looksLikeCard(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) && luhn(digits);
}

/**
 * The post as the event log keeps it: query and body fields in one record (body wins), card-like
 * fields dropped (named in `dropped`), secrets redacted. The biller's own ids the format read are
 * kept even when they are long digit strings (CCBill's 19-digit transaction ids).
 */
export function storedPost(post: BillerPost, secretFields: readonly string[], parsed: ParsedBillerEvent | null): { raw: Record<string, string>; dropped: string[] } {
  const ids = new Set([parsed?.transactionId, parsed?.subscriptionId, parsed?.originalTransactionId].filter((v): v is string => !!v));
  const secrets = new Set(secretFields.map((s) => s.toLowerCase()));
  const raw: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries({ ...post.query, ...post.body })) {
    if (CARD_NAME.test(name) || (!ids.has(value) && looksLikeCard(value))) {
      dropped.push(name);
      continue;
    }
    raw[name.slice(0, 128)] = SECRET_NAME.test(name) || secrets.has(name.toLowerCase()) ? REDACTED : value.slice(0, 1000);
  }
  return { raw, dropped };
}
