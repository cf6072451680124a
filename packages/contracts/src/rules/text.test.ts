import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.ts';
import { isPlainName, lineText, minLength, nameText, text } from './text.ts';

describe('text', () => {
  it('trims', () => {
    expect(text().parse('  a b \n')).toBe('a b');
  });

  it('refuses non-strings with the required message', () => {
    expect(text().safeParse(undefined).error?.issues[0]?.message).toBe(m.required);
  });

  it('minimum length N has the SPEC.md message and counts trimmed characters', () => {
    expect(minLength(3).safeParse('  ab  ').error?.issues[0]?.message).toBe('This field must be at least 3 characters');
    expect(minLength(3).parse(' abc ')).toBe('abc');
    expect(m.minLength(8)).toBe('This field must be at least 8 characters');
  });

  it('maximum length', () => {
    expect(text({ max: 2 }).safeParse('abc').success).toBe(false);
    expect(text({ max: 2 }).parse(' ab ')).toBe('ab');
  });

  it('trimming is idempotent and never leaves outer blanks', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = text().parse(s);
        expect(text().parse(once)).toBe(once);
        expect(once).toBe(s.trim());
      }),
    );
  });
});

describe('nameText', () => {
  it('refuses control and text-direction characters with its message, after trimming', () => {
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\u001Fb', 'a\u007Fb', 'a\u0080b', 'a\u009Fb', 'a\u202Ab', 'a\u202Eb', 'a\u2066b', 'a\u2069b']) {
      expect(isPlainName(bad)).toBe(false);
      expect(nameText().safeParse(bad).error?.issues.map((i) => i.message)).toContain(m.plainName);
    }
    expect(m.plainName).toBe('This field must not contain control characters.');
    expect(nameText().parse('  Dana Smith\n')).toBe('Dana Smith');
  });

  it('takes letters of every script, marks that are not overrides, and emoji', () => {
    for (const good of ['Zoë', '東京', 'محمد\u200F', 'a\u200Db', 'Ünïcode GmbH', 'x\u00A0y', '\u202Fz', '\u2065', '\u206A', '💥']) expect(isPlainName(good)).toBe(true);
  });
});

describe('one line and several lines', () => {
  const controls = ['\u202E', '\u202A', '\u2066', '\u2069', '\u2028', '\u2029', '\u0007', '\u0085'];
  it.each(controls)('refuses %j in a single line and in several lines', (c) => {
    expect(lineText().safeParse(`a${c}b`).success).toBe(false);
    expect(text().safeParse(`a${c}b`).success).toBe(false);
  });
  it('keeps newlines and tabs in several lines only', () => {
    expect(text().parse('one\ntwo\r\n\tthree')).toBe('one\ntwo\r\n\tthree');
    for (const v of ['one\ntwo', 'a\tb', 'a\rb']) expect(lineText().safeParse(v).success).toBe(false);
  });
  it('accepts any script', () => {
    expect(lineText().parse('Фирма 東京 مرحبا')).toBe('Фирма 東京 مرحبا');
  });
});
