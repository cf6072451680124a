import { describe, expect, it } from 'vitest';
import { deletedUploads } from './deleted-uploads.ts';
import { layoutRows } from './form-layout.ts';
import { isShown, relationHolds } from './relations.ts';
import { filterOptions } from './select-filter.ts';
import { fieldErrors, serverMessage } from './server-errors.ts';
import { acceptAttribute, fileMeetsRule, hasName } from './upload-checks.ts';

describe('relations', () => {
  it.each([
    [undefined, 'a', 'a', true],
    [undefined, 'a', 'b', false],
    [undefined, ['a', 'b'], 'b', true],
    [undefined, 1, '1', true],
    ['notEquals', 'a', 'b', true],
    ['notIn', ['a', 'b'], 'a', false],
    ['filled', undefined, 0, true],
    ['filled', undefined, '-', false],
    ['empty', undefined, [], true],
    ['in', 'x', ['y', 'x'], true],
  ] as const)('%s %j against %j is %s', (criteria, expected, actual, result) => {
    expect(relationHolds(criteria, expected, actual)).toBe(result);
  });

  it('hides a chain when its head is hidden', () => {
    const items = [
      { name: 'a' },
      { name: 'b', relation: 'a', relationValue: true },
      { name: 'c', relation: 'b', relationCriteria: 'filled' as const },
    ];
    expect(isShown(items[2] as (typeof items)[2], { a: false, b: 'x' }, items)).toBe(false);
    expect(isShown(items[2] as (typeof items)[2], { a: true, b: 'x' }, items)).toBe(true);
  });
});

describe('deletedUploads', () => {
  it('lists the uuids that left the field', () => {
    expect(deletedUploads([{ uuid: 'a' }, { uuid: 'b' }], [{ uuid: 'b' }, new File([], 'n.png')])).toEqual(['a']);
    expect(deletedUploads({ uuid: 'a' }, null)).toEqual(['a']);
    expect(deletedUploads(null, null)).toEqual([]);
  });
});

describe('layoutRows', () => {
  it('groups by row where the first member stands', () => {
    const rows = layoutRows([{ n: 1, row: 1 }, { n: 2 }, { n: 3, row: 1 }, { n: 4, row: 2 }]);
    expect(rows.map((r) => r.map((i) => i.n))).toEqual([[1, 3], [2], [4]]);
  });
});

describe('filterOptions', () => {
  const options = ['Art VR Studio', 'Smart VR', 'VR Bangers'].map((label, value) => ({ label, value }));
  it('searches case-insensitively', () => {
    expect(filterOptions(options, 'ART', false).map((o) => o.label)).toEqual(['Art VR Studio', 'Smart VR']);
  });
  it('with Exact word match needs the whole word', () => {
    expect(filterOptions(options, 'art', true).map((o) => o.label)).toEqual(['Art VR Studio']);
    expect(filterOptions(options, 'vr bangers', true).map((o) => o.label)).toEqual(['VR Bangers']);
    expect(filterOptions(options, 'a.t', true)).toEqual([]);
  });
});

describe('server errors', () => {
  it('reads the first message of each field', () => {
    expect(fieldErrors({ errors: { name: ['taken', 'x'], 'ranges.0.from': ['bad'], empty: [] } })).toEqual({ name: 'taken', 'ranges.0.from': 'bad' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
  it('uses the server message only for server errors', () => {
    expect(serverMessage({ code: 'unique', message: 'Taken' })).toBe('Taken');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('upload checks', () => {
  it('checks extension and size', () => {
    const rule = { extensions: ['svg'], maxBytes: 10 };
    expect(fileMeetsRule({ name: 'a.SVG', size: 10 }, rule)).toBe(true);
    expect(fileMeetsRule({ name: 'a.svg', size: 11 }, rule)).toBe(false);
    expect(fileMeetsRule({ name: 'a.png', size: 1 }, rule)).toBe(false);
    expect(fileMeetsRule({ name: 'a.svg', size: 0 }, rule)).toBe(false);
    expect(acceptAttribute(rule)).toBe('.svg,image/svg+xml');
    expect(hasName([{ name: 'A.png' }], 'a.PNG')).toBe(true);
  });
});
