import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of single values (tax identification numbers, uploaded tax forms):
 * AES-256-GCM with a random 96-bit nonce per value. Stored as `v1.<nonce>.<tag>.<ciphertext>`
 * (base64), so a changed or swapped value fails to decrypt instead of reading as something else.
 * `context` (for example the affiliate's id) is bound as additional data: a value copied to
 * another affiliate's row does not decrypt there.
 */

const VERSION = 'v1';

export function encryptValue(key: Buffer, plain: Buffer | string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

export function decryptValue(key: Buffer, stored: string, context: string): Buffer {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown encrypted value format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]);
}

/** A 32-byte key from 64 hex digits or base64; undefined for anything else. */
export function parseKey(value: string): Buffer | undefined {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return b.length === 32 ? b : undefined;
  }
  return undefined;
}
