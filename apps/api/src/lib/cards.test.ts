import { describe, expect, it } from 'vitest';
import { isCardNumber, maskCardNumbers } from './cards.ts';

describe('card numbers inside text', () => {
  it.each([
    ['paid with 4111111111111111 thanks', 'paid with ************1111 thanks'],
    ['4111 1111 1111 1111', '************1111'],
    ['4111.1111.1111.1111', '************1111'],
    ['x-5500-0000-0000-0004-y', 'x-************0004-y'],
    ['amex 3400 000000 00009', 'amex ***********0009'],
    ['13 digits 4222222222222', '13 digits *********2222'],
    ['19 digits 6011000000000000001', '19 digits ***************0001'],
    ['full width ４１１１１１１１１１１１１１１１', 'full width ************1111'],
    ['arabic-indic ٤١١١١١١١١١١١١١١١', 'arabic-indic ************1111'],
    ['devanagari ४१११ ११११ ११११ ११११', 'devanagari ************1111'],
    ['call 555-1234 4111 1111 1111 1111', 'call 555-1234 ************1111'],
    ['two 4111111111111111 and 5500000000000004', 'two ************1111 and ************0004'],
  ])('masks %j', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  it.each(['order 1234567890123', 'twelve 411111111111', 'twenty 41111111111111111111', '2026-11-29 08:30:00', '192.168.27.4', 'two  spaces 4111  1111  1111  1111'])('keeps %j (not a card number)', (text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('reads separators and escapes of a URL when asked', () => {
    expect(maskCardNumbers('/x?c=4111+1111+1111+1111&d=%EF%BC%94%EF%BC%91%EF%BC%91%EF%BC%91111111111111', { url: true })).toBe('/x?c=************1111&d=************1111');
    expect(maskCardNumbers('{"time":4111111111111111}', { keep: (offset, text) => text.endsWith('"time":', offset) })).toBe('{"time":4111111111111111}');
  });

  it('tells a value that is one card number and nothing else', () => {
    expect(isCardNumber(' 4111 1111 1111 1111 ')).toBe(true);
    expect(isCardNumber('card 4111 1111 1111 1111')).toBe(false);
    expect(isCardNumber('4111111111111112')).toBe(false);
  });
});
