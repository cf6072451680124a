import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Alex Rivera')).toBe('AR');
    expect(initials('  mary ann   de la cruz ')).toBe('MA');
    expect(initials('Morgan')).toBe('M');
    expect(initials('')).toBe('');
    expect(initials('Élodie Ørsted')).toBe('ÉØ');
  });
});
