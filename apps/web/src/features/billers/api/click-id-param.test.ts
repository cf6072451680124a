import { describe, expect, it } from 'vitest';
import { clickIdParamOf } from './biller-accounts.ts';

describe("the parameter a site's landing pages take the click id in", () => {
  it('is the one their addresses name for {cid}, the most used first; cid when none names one', () => {
    expect(clickIdParamOf(['https://novavr.example/tour?ref={cid}', 'https://novavr.example/join?lang=en&ref={cid}'])).toBe('ref');
    expect(clickIdParamOf(['https://a.example/?ref={cid}', 'https://a.example/b?aff={cid}', 'https://a.example/c?aff={cid}'])).toBe('aff');
    expect(clickIdParamOf(['https://billed.example.com/tour'])).toBe('cid');
    expect(clickIdParamOf([])).toBe('cid');
  });
});
