import { describe, expect, it } from 'vitest';
import { isAbaRouting, isWalletAddress } from '../src/modules/payment-runs/formats/check.ts';
import { checkItem, type PayingAccount, type Rail, type RunItem, sepaText } from '../src/modules/payment-runs/formats/index.ts';
import { achItems, payingAccounts, paxumItems, usdtItems, wireItems } from './support/payment-files.ts';

const accountOf = (item: RunItem) => payingAccounts.find((a) => a.id === item.paying_account_id);
const codes = (rail: Rail, item: RunItem, account: PayingAccount | undefined = accountOf(item)) => checkItem(rail, item, account).map((p) => p.code);

describe('pre-flight check of a run item', () => {
  it('passes every item a bank would take, accents in names included', () => {
    for (const item of wireItems) expect(checkItem('wire', item, accountOf(item))).toEqual([]);
    for (const item of achItems) expect(checkItem('ach', item, accountOf(item))).toEqual([]);
    for (const item of paxumItems) expect(checkItem('paxum', item, accountOf(item))).toEqual([]);
    for (const item of usdtItems) expect(checkItem('usdt', item, accountOf(item))).toEqual([]);
  });

  it('IBAN: wrong check digits, wrong length for its country, unknown country, missing', () => {
    const sepa = wireItems[0]!;
    const problem = (iban: string | undefined) => checkItem('wire', { ...sepa, iban }, accountOf(sepa));
    expect(problem('FR15 2004 1010 0505 0001 3M02 606')).toEqual([{ code: 'iban_invalid', message: 'The IBAN is not valid (its check digits are wrong): the affiliate must correct it.' }]);
    expect(problem('DE8937040044053201300')[0]!.message).toContain('its length or format is wrong for its country');
    expect(problem('XX89370400440532013000')[0]!.message).toContain('not an IBAN of a known country');
    expect(problem(undefined).map((p) => p.code)).toEqual(['iban_missing']);
  });

  it('BIC: a wrong one is listed; a SEPA payee needs none, a cross-border one does', () => {
    expect(codes('wire', { ...wireItems[0]!, bic: 'BNPA-FR' })).toEqual(['bic_invalid']);
    expect(codes('wire', { ...wireItems[1]!, bic: undefined })).toEqual([]);
    expect(codes('wire', { ...wireItems[2]!, bic: undefined })).toEqual(['bic_missing']);
    expect(codes('wire', { ...wireItems[2]!, account_number: '' })).toEqual(['account_missing']);
  });

  it('names: accents are written, not refused; letters no bank prints and names past the limit are listed', () => {
    expect(sepaText('Zoë Müller-Straße & Søn, Łódź', 70)).toBe('Zoe Muller-Strasse + Son, Lodz');
    expect(sepaText('  Ana\tBelén  "Ñandú" ', 70)).toBe("Ana Belen 'Nandu'");
    expect(codes('wire', { ...wireItems[0]!, payee: { name: 'Иван Петров', is_company: false } })).toEqual(['name_not_latin']);
    expect(codes('wire', { ...wireItems[0]!, payee: { name: 'A'.repeat(71), is_company: false } })).toEqual(['name_too_long']);
    expect(codes('wire', { ...wireItems[0]!, payee: { name: 'Ä'.repeat(70), is_company: false } })).toEqual([]);
    expect(codes('ach', { ...achItems[0]!, payee: { name: 'Bartholomew Fitzgerald Jr', is_company: false } })).toEqual(['name_too_long']);
    expect(codes('wire', { ...wireItems[0]!, payee: { name: ' ', is_company: false } })).toEqual(['name_missing']);
  });

  it('ACH: routing check digit, account, account type, trace number of the ODFI, the largest amount', () => {
    expect(['021000021', '011000015', '026009593', '121000248', '999999992'].every(isAbaRouting)).toBe(true);
    expect(['021000022', '12100024', '02100002a'].some(isAbaRouting)).toBe(false);
    const item = achItems[0]!;
    expect(codes('ach', { ...item, routing_number: '021000022' })).toEqual(['routing_invalid']);
    expect(codes('ach', { ...item, account_number: '123456789012345678' })).toEqual(['account_missing']);
    expect(codes('ach', { ...item, account_type: undefined })).toEqual(['account_type_missing']);
    expect(codes('ach', { ...item, reference: '111111110000001' })).toEqual(['reference_invalid']);
    expect(codes('ach', { ...item, amount_cents: 10_000_000_000 })).toEqual(['amount_invalid']);
  });

  it('paying account: none for the rail or the currency', () => {
    expect(checkItem('wire', wireItems[0]!, undefined).map((p) => p.code)).toEqual(['paying_account_missing']);
    expect(codes('wire', { ...wireItems[0]!, currency: 'GBP' })).toEqual(['currency_mismatch']);
    expect(codes('ach', achItems[0]!, payingAccounts[0])).toContain('paying_account_missing');
    expect(codes('paxum', { ...paxumItems[0]!, amount_cents: 0 })).toEqual(['amount_invalid']);
  });

  it('wallets: email for Paxum and PayPal; USDT address checksum and the sending wallet’s network', () => {
    expect(codes('paxum', { ...paxumItems[0]!, email: 'not-an-email' })).toEqual(['email_invalid']);
    expect(codes('paypal', { ...paxumItems[0]!, paying_account_id: 'paypal-usd', email: undefined })).toEqual(['email_invalid']);
    expect(isWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isWalletAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isWalletAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(codes('usdt', { ...usdtItems[0]!, wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toEqual(['wallet_invalid']);
    expect(codes('usdt', { ...usdtItems[0]!, network: 'ERC20', wallet_address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toEqual(['network_mismatch']);
  });
});
