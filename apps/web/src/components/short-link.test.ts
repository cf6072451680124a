import { describe, expect, it } from 'vitest';
import { middleEllipsis } from './short-link.tsx';

describe('middleEllipsis', () => {
  it('keeps a short text whole', () => {
    expect(middleEllipsis('http://localhost/t/abc', 36)).toBe('http://localhost/t/abc');
  });

  it('keeps the host and the code of a long link, at the length asked', () => {
    const url = 'https://portal.vr-affiliates.example.com/t/Zx81kQ2mP0aa?sub1=summer';
    const short = middleEllipsis(url, 36);
    expect(Array.from(short)).toHaveLength(36);
    expect(short.startsWith('https://portal.vr-af')).toBe(true);
    expect(short.endsWith('0aa?sub1=summer')).toBe(true);
    expect(short).toContain('…');
  });
});
