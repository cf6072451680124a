import { createHmac, hkdfSync } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { SharedDetailKind } from '@portal/contracts';

/**
 * A blind index of single values (docs/fraud.md, "Shared details"): a keyed hash stored beside a
 * value (encrypted or not), so equal values are found by comparing hashes, never by decrypting or
 * reading every row. HMAC-SHA256 over `kind:normalised value`, with its own key derived from the
 * field key (lib/field-crypto.ts) by HKDF-SHA256 (info `blind-index`): the encryption key itself
 * never hashes anything, and without the key a digest cannot be tested against guessed values.
 */

const derived = new WeakMap<Buffer, Buffer>();

/** The blind index's key: HKDF-SHA256 of the field key, no salt, info `blind-index`, 32 bytes. */
export function blindIndexKey(fieldKey: Buffer): Buffer {
  let key = derived.get(fieldKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', fieldKey, Buffer.alloc(0), 'blind-index', 32));
    derived.set(fieldKey, key);
  }
  return key;
}

/** The digest (64 hex digits) of an already normalised value of one kind. */
export function blindDigest(fieldKey: Buffer, kind: SharedDetailKind, normalised: string): string {
  return createHmac('sha256', blindIndexKey(fieldKey)).update(`${kind}:${normalised}`).digest('hex');
}

/** Where a proxy or the machine itself sends from: private networks, loopback, link local, carrier-grade NAT. */
const privateNets = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) privateNets.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) privateNets.addSubnet(net, prefix, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const ip = address.trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const family = isIP(ip.split('%')[0] ?? '');
  if (family === 4) return privateNets.check(ip, 'ipv4');
  if (family === 6) return privateNets.check(ip.split('%')[0]!, 'ipv6');
  return true;
}

const lettersAndDigits = (v: string) => v.replace(/[^\p{L}\p{N}]/gu, '');
const digits = (v: string) => v.replace(/\D/g, '');

/** How each value is written before hashing, so the same detail typed two ways hashes alike. */
export const normalise = {
  /** Upper-case, without spaces. */
  iban: (v: string): string => v.replace(/\s/g, '').toUpperCase(),
  /** PayPal or Paxum: trimmed, lower-case. */
  email: (v: string): string => v.trim().toLowerCase(),
  /** A crypto wallet: trimmed, its case kept (some networks' addresses are case-sensitive). */
  wallet: (v: string): string => v.trim(),
  /** ACH: the routing number's digits, then the account number's (a routing number has nine). */
  ach: (routing: string, account: string): string => {
    const r = digits(routing);
    const a = digits(account);
    return r && a ? `${r}${a}` : '';
  },
  /** A tax number: letters and digits only, upper-case (`12-3456789` and `123456789` are one). */
  taxNumber: (v: string): string => lettersAndDigits(v).toUpperCase(),
  /**
   * A sign-up address as the request gave it; none for a private, loopback or link-local one: that
   * is a proxy's or the machine's own (TRUST_PROXY off), shared by every sign-up behind it.
   */
  ip: (v: string): string => (isPrivateAddress(v) ? '' : v),
};

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Where a payment method pays, normalised: the IBAN (wire), routing and account number (ACH), the
 * email (PayPal, Paxum) or the wallet (USDT). Empty when the details hold none.
 */
export function payoutDetailValue(method: string, details: Readonly<Record<string, unknown>>): string {
  switch (method) {
    case 'wire':
      return normalise.iban(text(details.iban));
    case 'ach':
      return normalise.ach(text(details.routing_number), text(details.account_number));
    case 'paypal':
    case 'paxum':
      return normalise.email(text(details.email));
    case 'usdt':
      return normalise.wallet(text(details.wallet_address));
    default:
      return '';
  }
}
