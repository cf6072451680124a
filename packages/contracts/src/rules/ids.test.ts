import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.ts';
import { ID_MAX, id, idText } from './ids.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('ids written plainly', () => {
  it('reads digits without a leading zero, up to the integer range', () => {
    expect(idText().parse('1')).toBe(1);
    expect(idText().parse('10')).toBe(10);
    expect(idText().parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each(['', '0', '01', ' 1', '1 ', '-1', '+1', '1e3', '0x10', '1.0', 'a1', '1a', '12a3', String(ID_MAX + 1)])('refuses %j with "This field is invalid"', (text) => {
    expect(messages(idText().safeParse(text))).toEqual([m.invalid]);
  });

  it('refuses what is not text with the same message', () => {
    expect(messages(idText().safeParse(5))).toEqual([m.invalid]);
    expect(messages(idText('Pick one').safeParse(null))).toEqual(['Pick one']);
  });

  it('in a body: a number or its text, both in range', () => {
    expect(id().parse(7)).toBe(7);
    expect(id().parse('7')).toBe(7);
    expect(id().parse(ID_MAX)).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, '0', 'x', null, true, {}]) expect(messages(id().safeParse(bad))).toEqual([m.invalid]);
    expect(messages(id('Choose').safeParse('abc'))).toEqual(['Choose']);
    expect(messages(id('Choose').safeParse(1.5))).toEqual(['Choose']);
  });
});
