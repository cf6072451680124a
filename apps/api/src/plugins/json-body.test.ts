import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from './json-body.ts';

describe('jsonDepth', () => {
  it('counts nesting of arrays and objects', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('[[],[[]],[]]')).toBe(3);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('["\\"[[[[", "\\\\", []]')).toBe(2);
  });

  it('stops early once past the limit', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(jsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepth(deep)).toBe(100_000);
  });
});
