import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_MARKER, isBlank, isFilled } from './empty.ts';

describe('isBlank / isFilled', () => {
  it.each([undefined, null, '', '   ', EMPTY_MARKER, ' - ', [], Number.NaN])('%j is blank', (value) => {
    expect(isBlank(value)).toBe(true);
    expect(isFilled(value)).toBe(false);
  });

  it.each([0, '0', false, 'a', '--', ['-'], [0], {}, -1])('%j is filled (zero counts)', (value) => {
    expect(isFilled(value)).toBe(true);
  });

  it('any string with a character other than blanks and one marker is filled', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = s.trim();
        expect(isFilled(s)).toBe(t !== '' && t !== EMPTY_MARKER);
      }),
    );
  });

  it('every finite number is filled', () => {
    fc.assert(fc.property(fc.double({ noNaN: true }), (n) => {
        expect(isFilled(n)).toBe(true);
      }),
    );
  });
});
