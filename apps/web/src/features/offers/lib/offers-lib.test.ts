import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { payoutText } from './payout.ts';
import { popCode } from './pop-code.ts';

const t = i18n.t.bind(i18n);

describe('offer payouts', () => {
  it('reads "$5.00 per signup" for cpa and "25% revshare" for revshare', () => {
    expect(payoutText({ payout_type: 'cpa', goal: 'signup', default_payout: 5, your_payout: undefined }, t)).toBe('$5.00 per signup');
    expect(payoutText({ payout_type: 'cpa', goal: 'sale', default_payout: 30, your_payout: 42.5 }, t)).toBe('$42.50 per sale');
    expect(payoutText({ payout_type: 'revshare', goal: 'sale', default_payout: 25, your_payout: 25 }, t)).toBe('25% revshare');
    expect(payoutText({ payout_type: 'revshare', goal: 'sale', default_payout: 12.5, your_payout: undefined }, t)).toBe('12.5% revshare');
  });
});

describe('pop code', () => {
  it('opens the link once per session on the first click', () => {
    const snippet = popCode('https://portal.example.com/t/abc123', 'abc123');
    expect(snippet.startsWith('<script>')).toBe(true);
    expect(snippet.trim().endsWith('</script>')).toBe(true);
    expect(snippet).toContain('"https://portal.example.com/t/abc123"');
    expect(snippet).toContain('sessionStorage');
    expect(snippet).toContain('addEventListener("click", pop, true)');
  });

  it('cannot be broken out of by the link', () => {
    const snippet = popCode('https://x.example.com/t/a?sub1=</script><script>alert(1)</script>', 'a');
    expect(snippet.match(/<\/script>/g)).toHaveLength(1);
  });

  it('runs: the first click opens the link, later clicks do not', () => {
    const opened: string[] = [];
    const listeners: Array<() => void> = [];
    const store = new Map<string, string>();
    const fakeDocument = {
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.splice(listeners.indexOf(fn), 1),
    };
    const fakeWindow = { open: (u: string) => (opened.push(u), null), focus: () => undefined };
    const fakeStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const body = popCode('https://portal.example.com/t/abc123', 'abc123').replace('<script>', '').replace('</script>', '');
    new Function('document', 'window', 'sessionStorage', body)(fakeDocument, fakeWindow, fakeStorage);
    for (const fn of [...listeners]) fn();
    for (const fn of [...listeners]) fn();
    expect(opened).toEqual(['https://portal.example.com/t/abc123']);
    new Function('document', 'window', 'sessionStorage', body)(fakeDocument, fakeWindow, fakeStorage);
    expect(listeners).toHaveLength(0);
  });
});
