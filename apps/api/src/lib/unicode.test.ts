import { describe, expect, it } from 'vitest';
import { isUtf8Address } from './unicode.ts';

describe('isUtf8Address', () => {
  it('refuses escapes that are not UTF-8 and lone surrogates', () => {
    for (const bad of ['/a?q=%ED%A0%80', '/a?q=%FF', '/a/%C3%28', '/a?q=%E0%80%80', '/a?q=%F4%90%80%80', '/a?%80=1', '/a?q=\ud800']) expect(isUtf8Address(bad)).toBe(false);
  });

  it('passes UTF-8 escapes, plain text and a % that is not an escape', () => {
    for (const good of ['/a', '/a?q=%E6%9D%B1%E4%BA%AC', '/a?q=%F0%9F%98%80', '/a?q=100%', '/a?q=%zz', '/a?q=%2F%20', '/a?q=Zürich']) expect(isUtf8Address(good)).toBe(true);
  });
});
