import { describe, expect, it } from 'vitest';
import { billingDetailsSchema, isValidBic, isValidIban, isValidRoutingNumber, isValidWalletAddress } from './billing.ts';
import { bonusRequestSchema, dollarsToCents } from './bonus.ts';
import { taxWithholdingInputSchema } from './money-settings.ts';
import { maskName } from './referrals.ts';

describe('payment detail checks', () => {
  it('checks an IBAN by country length and mod-97 check digits', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('GB83 WEST 1234 5698 7654 32')).toBe(false); // check digits
    expect(isValidIban('GB82 WEST 1234 5698 7654 3')).toBe(false); // length
    expect(isValidIban('ZZ82 WEST 1234 5698 7654 32')).toBe(false); // country
  });

  it('checks a SWIFT/BIC by its shape and country', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('nwbk gb 2l')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('DEUTZZFF')).toBe(false);
    expect(isValidBic('DEUTDEF')).toBe(false);
    expect(isValidBic('DEUTDE0O')).toBe(false);
  });

  it('checks a US routing number by its 3-7-1 checksum', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
  });

  it('checks a USDT address for its network', () => {
    expect(isValidWalletAddress('trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidWalletAddress('erc20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isValidWalletAddress('trc20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isValidWalletAddress('trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O')).toBe(false); // O is not base58
  });

  it('reads billing details by method and names the field at fault', () => {
    const wire = billingDetailsSchema.safeParse({ recipient_type: 'company', method: 'wire', details: { account_holder: 'VR Media Ltd', iban: 'gb82west12345698765432', swift: 'nwbkgb2l', bank_name: 'NatWest' } });
    expect(wire.success && wire.data.details).toMatchObject({ iban: 'GB82WEST12345698765432', swift: 'NWBKGB2L' });
    const bad = billingDetailsSchema.safeParse({ recipient_type: 'individual', method: 'ach', details: { account_holder: 'Jane', routing_number: '021000022', account_number: '12', account_type: 'checking' } });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['details.routing_number', 'This routing number is not valid.'],
      ['details.account_number', 'An account number has 4 to 17 digits.'],
    ]);
    const paypal = billingDetailsSchema.safeParse({ recipient_type: 'individual', method: 'paypal', details: { email: 'nope' } });
    expect(paypal.error?.issues[0]).toMatchObject({ path: ['details', 'email'], message: 'This field must be a email.' });
    expect(billingDetailsSchema.safeParse({ recipient_type: 'individual', method: 'cheque', details: {} }).success).toBe(false);
  });

  it('takes withholding rates as percentages with two decimals', () => {
    expect(taxWithholdingInputSchema.parse({ country: 'us', recipient_type: 'individual', rate: '30' })).toEqual({ country: 'US', recipient_type: 'individual', rate: 30 });
    expect(taxWithholdingInputSchema.safeParse({ country: 'US', recipient_type: 'individual', rate: 100.5 }).success).toBe(false);
    expect(taxWithholdingInputSchema.safeParse({ country: 'US', recipient_type: 'individual', rate: 12.345 }).success).toBe(false);
  });
});

describe('bonus requests', () => {
  it('takes dollars with at most two decimals, never zero', () => {
    expect(bonusRequestSchema.parse({ amount: '12.50', reason: 'Top seller' }).amount).toBe(12.5);
    expect(['1.234', '0', '0.00', 'abc', ''].filter((amount) => bonusRequestSchema.safeParse({ amount, reason: 'x' }).success)).toEqual([]);
  });

  it('needs an adjustment reason for a negative amount', () => {
    const r = bonusRequestSchema.safeParse({ amount: -5, reason: 'Chargeback fee' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['adjustment_reason'], message: 'A negative amount needs an adjustment reason.' });
    expect(bonusRequestSchema.safeParse({ amount: -5, reason: 'Chargeback fee', adjustment_reason: 'chargeback' }).success).toBe(true);
  });

  it('turns dollars into exact cents and masks names', () => {
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(-1234.57)).toBe(-123457);
    expect(maskName('Jane Doe Smith')).toBe('Jane S.');
    expect(maskName('  jane   doe ')).toBe('jane D.');
    expect(maskName('Cher')).toBe('Cher');
  });
});
