import { CARD_FIELD_NAME, isCardNumber, maskCardNumbers } from '../../lib/cards.ts';
import { REDACTED } from '../../lib/log-redaction.ts';
import type { BillerPost, ParsedBillerEvent } from './formats/index.ts';

/** Names of fields that hold secrets (besides each format's own): redacted, their presence kept. */
const SECRET_NAME = /^(signature|token|secret|password|key|api_key|apikey)$/i;

/**
 * The post as the event log keeps it: query and body fields in one record (body wins), card-like
 * fields and values that are a card number dropped (named in `dropped`), card numbers inside
 * other values masked (lib/cards.ts), secrets redacted. The biller's own ids the format read are
 * kept even when they are long digit strings (CCBill's 19-digit transaction ids).
 */
export function storedPost(post: BillerPost, secretFields: readonly string[], parsed: ParsedBillerEvent | null): { raw: Record<string, string>; dropped: string[] } {
  const ids = new Set([parsed?.transactionId, parsed?.subscriptionId, parsed?.originalTransactionId].filter((v): v is string => !!v));
  const secrets = new Set(secretFields.map((s) => s.toLowerCase()));
  const raw: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries({ ...post.query, ...post.body })) {
    if (CARD_FIELD_NAME.test(name) || (!ids.has(value) && isCardNumber(value))) {
      dropped.push(maskCardNumbers(name.slice(0, 128)));
      continue;
    }
    // A card number inside a value (a comment, a custom field) is masked; the biller's own ids are kept.
    raw[maskCardNumbers(name.slice(0, 128))] = SECRET_NAME.test(name) || secrets.has(name.toLowerCase()) ? REDACTED : ids.has(value) ? value.slice(0, 1000) : maskCardNumbers(value.slice(0, 1000));
  }
  return { raw, dropped };
}
