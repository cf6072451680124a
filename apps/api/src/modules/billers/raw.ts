import { createHmac } from 'node:crypto';
import { blindIndexKey } from '../../lib/blind-index.ts';
import { CARD_FIELD_NAME, isCardNumber, maskCardNumbers } from '../../lib/cards.ts';
import { REDACTED } from '../../lib/log-redaction.ts';
import type { BillerPost, ParsedBillerEvent } from './formats/index.ts';

/** The biller's own account ids (the merchant's, not the buyer's): kept, though `clientAccnum` reads like a card field. */
const ACCOUNT_ID_NAME = /^(clientAccnum|clientSubacc|shopID|merchantId|merchant_id|reseller|pi_code|eticketid)$/i;
/**
 * The buyer's personal data the network has no use for: name, street address, phone, IP address.
 * Dropped (named in `dropped`); the email becomes a keyed hash (`email_hash`) for repeat-buyer checks.
 */
const PERSONAL_NAME = /^(first_?name|last_?name|full_?name|customer_?(first|last)?_?name|name|address\d?|street\d?|city|state|zip|zip_?code|postal_?code|phone(_?number)?|ip|ip_?address|customer_?ip|remote_?ip|username|user_?name)$/i;
const EMAIL_NAME = /^(e_?mail|customer_?email|email_?address)$/i;

/** A buyer's email as the event log keeps it: a keyed hash (the blind index's key), never the address. */
export function buyerEmailHash(fieldKey: Buffer, email: string): string {
  return createHmac('sha256', blindIndexKey(fieldKey)).update(`buyer_email:${email.trim().toLowerCase()}`).digest('hex');
}

/** Names of fields that hold secrets (besides each format's own): redacted, their presence kept. */
const SECRET_NAME = /^(signature|token|secret|password|key|api_key|apikey)$/i;

/**
 * The post as the event log keeps it: query and body fields in one record (body wins), card-like
 * fields, values that are a card number and the buyer's personal data dropped (named in `dropped`;
 * the country stays, the email is kept only as `email_hash`), card numbers inside other values masked
 * (lib/cards.ts), secrets redacted. The biller's own ids are kept: those the format read even when
 * they are long digit strings (CCBill's 19-digit transaction ids), and its account ids.
 */
export function storedPost(post: BillerPost, secretFields: readonly string[], parsed: ParsedBillerEvent | null, fieldKey?: Buffer): { raw: Record<string, string>; dropped: string[] } {
  const ids = new Set([parsed?.transactionId, parsed?.subscriptionId, parsed?.originalTransactionId].filter((v): v is string => !!v));
  const secrets = new Set(secretFields.map((s) => s.toLowerCase()));
  const raw: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries({ ...post.query, ...post.body })) {
    if (ACCOUNT_ID_NAME.test(name)) {
      raw[name] = value.slice(0, 1000);
      continue;
    }
    if (EMAIL_NAME.test(name)) {
      if (fieldKey && value.includes('@')) raw.email_hash = buyerEmailHash(fieldKey, value);
      dropped.push(name);
      continue;
    }
    if (PERSONAL_NAME.test(name)) {
      dropped.push(name);
      continue;
    }
    if (CARD_FIELD_NAME.test(name) || (!ids.has(value) && isCardNumber(value))) {
      dropped.push(maskCardNumbers(name.slice(0, 128)));
      continue;
    }
    // A card number inside a value (a comment, a custom field) is masked; the biller's own ids are kept.
    raw[maskCardNumbers(name.slice(0, 128))] = SECRET_NAME.test(name) || secrets.has(name.toLowerCase()) ? REDACTED : ids.has(value) ? value.slice(0, 1000) : maskCardNumbers(value.slice(0, 1000));
  }
  return { raw, dropped };
}
