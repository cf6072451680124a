import { describe, expect, it } from 'vitest';
import { currencyCodes, isCurrency, minorDigits, nonMoneyCodes } from './currencies.ts';
import { moneyAmount, toMinorUnits } from './rules/money.ts';

describe('currencies', () => {
  it('refuses the X-codes that are no money and keeps the CFA and CFP francs and the East Caribbean dollar', () => {
    for (const code of nonMoneyCodes) expect(isCurrency(code)).toBe(false);
    for (const code of ['XAF', 'XOF', 'XPF', 'XCD']) expect(isCurrency(code)).toBe(true);
  });

  it('knows the minor digits of current currencies, not display data', () => {
    expect([minorDigits('JPY'), minorDigits('USD'), minorDigits('BHD'), minorDigits('EUR'), minorDigits('XOF')]).toEqual([0, 2, 3, 2, 0]);
    expect(currencyCodes).toContain('XAF');
    expect(isCurrency('DEM')).toBe(false);
    expect(isCurrency('usd')).toBe(false);
  });
});

describe('the money rule', () => {
  it('reads plain decimals exactly in minor units', () => {
    expect(toMinorUnits('19.99', 2)).toBe(1999);
    expect(toMinorUnits(0.29, 2)).toBe(29);
    expect(toMinorUnits('10000', 0)).toBe(10000);
    expect(toMinorUnits('1.005', 3)).toBe(1005);
  });

  it.each(['0x10', '1e2', ' 10 ', '10.', '.5', '+1', 'NaN', 'Infinity', '', '1,5', '1.234'])('refuses %j', (v) => {
    expect(toMinorUnits(v, 2)).toBeUndefined();
  });

  it('refuses numbers past exact integers, and NaN/Infinity as numbers', () => {
    expect(toMinorUnits(1e21, 2)).toBeUndefined();
    expect(toMinorUnits(1e15, 2)).toBeUndefined();
    expect(toMinorUnits(Number.NaN, 2)).toBeUndefined();
    expect(toMinorUnits(Number.POSITIVE_INFINITY, 2)).toBeUndefined();
  });

  it('keeps the form fields trimming their text and their messages', () => {
    const rule = moneyAmount({ trim: true });
    expect(rule.parse(' 12.50 ')).toBe(12.5);
    expect(rule.safeParse('-1').error?.issues[0]?.message).toBe('This field must be a positive number.');
    expect(rule.safeParse('1e2').error?.issues[0]?.message).toBe('This field is invalid');
  });
});
