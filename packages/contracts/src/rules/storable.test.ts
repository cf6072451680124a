import { describe, expect, it } from 'vitest';
import { hasIllFormedText, isStorableText, unstorableTextPaths, withoutUnstorable } from './storable.ts';

describe('text the database can store', () => {
  it('is any text without NUL', () => {
    expect(isStorableText('a b\u0001c')).toBe(true);
    expect(isStorableText('a\u0000')).toBe(false);
    expect(withoutUnstorable('a\u0000b\u0000')).toBe('ab');
    expect(withoutUnstorable('plain')).toBe('plain');
  });

  it('finds every unstorable string and key by its path', () => {
    const body = {
      name: 'ok',
      bad: 'x\u0000',
      list: ['fine', 'no\u0000', 3, null],
      inner: { deeper: [{ v: '\u0000' }], 'k\u0000': 'value' },
      bytes: new Uint8Array([0, 0]),
      n: 1,
      b: true,
    };
    expect(unstorableTextPaths(body)).toEqual([['bad'], ['list', '1'], ['inner', 'deeper', '0', 'v'], ['inner', 'k\u0000']]);
    expect(unstorableTextPaths('\u0000')).toEqual([[]]);
    expect(unstorableTextPaths('fine')).toEqual([]);
    expect(unstorableTextPaths(null)).toEqual([]);
    expect(unstorableTextPaths(undefined)).toEqual([]);
    expect(unstorableTextPaths(['\u0000'], ['q'])).toEqual([['q', '0']]);
  });
});

describe('hasIllFormedText', () => {
  it('finds a lone surrogate in a string, a list item, a nested value or a key', () => {
    for (const bad of ['\ud800', 'a\udc00', '\ude00\ud83d', ['ok', '\ud800'], { a: { b: ['\udfff'] } }, { ['k\ud800']: 1 }]) expect(hasIllFormedText(bad)).toBe(true);
  });

  it('passes well-formed text, surrogate pairs, and what is not text', () => {
    for (const good of ['', 'Zürich 東京 😀', { a: ['\ud83d\ude00', 1, null, true] }, null, undefined, 5, new Uint8Array([0xff])]) expect(hasIllFormedText(good)).toBe(false);
  });
});
