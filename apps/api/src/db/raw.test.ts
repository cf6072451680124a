import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { arrayLiteral } from './raw.ts';

const db = new PGlite();
afterAll(() => db.close());

/** What PostgreSQL reads from a literal, as the type asked. */
async function read(literal: string, type: 'text' | 'int' | 'bool'): Promise<unknown[]> {
  return (await db.query<{ a: unknown[] }>(`select $1::${type}[] as a`, [literal])).rows[0]!.a;
}

describe('array literals of the hand-written statements', () => {
  it('reads back as the same strings, whatever they hold', async () => {
    const values = ['plain', '', 'NULL', 'null', ' spaced ', 'a,b', '{braces}', 'quote"d', 'back\\slash', '\\"both"\\', 'ünïcødé ✓', null, undefined];
    const literal = arrayLiteral(values)!;
    expect(await read(literal, 'text')).toEqual(values.map((v) => v ?? null));
  });

  it('reads back as the same numbers and booleans, with nulls', async () => {
    expect(await read(arrayLiteral([1, -2, 0, null, 2147483647])!, 'int')).toEqual([1, -2, 0, null, 2147483647]);
    expect(await read(arrayLiteral([true, false, null])!, 'bool')).toEqual([true, false, null]);
    expect(await read(arrayLiteral([])!, 'text')).toEqual([]);
  });

  it('means what pg would send for the same array', async () => {
    const values = ['x"y', 'a\\b', null, 'c,d', 7, true];
    // pg's own conversion (not in its typings).
    const utils = 'pg/lib/utils.js';
    const { prepareValue } = ((await import(utils)) as { default: { prepareValue: (v: unknown) => string } }).default;
    const pgLiteral = prepareValue(values);
    expect(await read(arrayLiteral(values)!, 'text')).toEqual(await read(pgLiteral, 'text'));
  });

  it('leaves what it does not know to pg: dates, nested arrays, objects, infinite numbers, big integers', () => {
    for (const v of [new Date(0), [1], { a: 1 }, Number.NaN, Number.POSITIVE_INFINITY, 1n, Buffer.from('x')]) expect(arrayLiteral(['a', v])).toBeUndefined();
  });
});
