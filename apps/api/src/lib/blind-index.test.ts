import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blindDigest, blindIndexKey, normalise, payoutDetailValue } from './blind-index.ts';

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);

describe('blind index', () => {
  it('is HMAC-SHA256 of kind:value under a key derived from the field key (HKDF-SHA256, info blind-index)', () => {
    const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'blind-index', 32));
    expect(blindIndexKey(key)).toEqual(derived);
    expect(blindIndexKey(key).equals(key)).toBe(false);
    expect(blindDigest(key, 'tax_number', '123456789')).toBe(createHmac('sha256', derived).update('tax_number:123456789').digest('hex'));
    expect(blindDigest(key, 'tax_number', '123456789')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells kinds and keys apart: the same text is another digest as another kind or under another key', () => {
    const value = '10.0.0.1';
    expect(blindDigest(key, 'signup_ip', value)).toBe(blindDigest(key, 'signup_ip', value));
    expect(blindDigest(key, 'signup_ip', value)).not.toBe(blindDigest(key, 'tax_number', value));
    expect(blindDigest(key, 'signup_ip', value)).not.toBe(blindDigest(otherKey, 'signup_ip', value));
    // Derived once per key, the same every time.
    expect(blindIndexKey(key)).toBe(blindIndexKey(key));
  });
});

describe('normalise', () => {
  it('writes each detail one way', () => {
    expect(normalise.iban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(normalise.email('  Pay@Example.COM ')).toBe('pay@example.com');
    expect(normalise.wallet(' TXYZabc123 ')).toBe('TXYZabc123');
    expect(normalise.ach('021000021', ' 000123456789')).toBe('021000021000123456789');
    expect(normalise.ach('', '123')).toBe('');
    expect(normalise.taxNumber('12-3456789')).toBe('123456789');
    expect(normalise.taxNumber('x1234567l')).toBe('X1234567L');
    expect(normalise.taxNumber(' 046 454 286 ')).toBe('046454286');
    expect(normalise.ip('81.2.69.160')).toBe('81.2.69.160');
    expect(normalise.ip('2a00:1450:4001:82b::200e')).toBe('2a00:1450:4001:82b::200e');
    // A proxy's or the machine's own address is nobody's sign-up address.
    for (const own of ['::ffff:10.0.0.1', '127.0.0.1', '192.168.1.2', '::1', 'fd00::1', 'not an address']) expect(normalise.ip(own)).toBe('');
  });

  it('reads where each payment method pays', () => {
    expect(payoutDetailValue('wire', { iban: 'de89 3704 0044 0532 0130 00', swift: 'DEUTDEFF', account_holder: 'A' })).toBe('DE89370400440532013000');
    expect(payoutDetailValue('ach', { routing_number: '021000021', account_number: '123456789', account_type: 'checking' })).toBe('021000021123456789');
    expect(payoutDetailValue('paypal', { email: 'A@B.example' })).toBe('a@b.example');
    expect(payoutDetailValue('paxum', { email: 'a@b.example ' })).toBe('a@b.example');
    expect(payoutDetailValue('usdt', { network: 'trc20', wallet_address: 'TAbc' })).toBe('TAbc');
    expect(payoutDetailValue('paypal', {})).toBe('');
    expect(payoutDetailValue('cheque', { email: 'a@b.example' })).toBe('');
  });
});
