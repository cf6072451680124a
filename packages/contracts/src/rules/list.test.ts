import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { listMeta, listQuerySchema, pageQuerySchema, pageWindow, PER_PAGE_ALL, PER_PAGE_MAX } from './list.ts';

const schema = listQuerySchema({ q: z.string().optional() }, { sort: ['rating', 'name'], defaultSort: 'rating', defaultOrder: 'desc', defaultPerPage: 25 });
const plain = listQuerySchema({}, { sort: ['id'], defaultSort: 'id' });
const errorsOf = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('list query', () => {
  it('keeps the list’s own order and page size when nothing is asked', () => {
    expect(schema.parse({})).toEqual({ page: 1, per_page: 25, sort: 'rating', order: 'desc' });
    expect(plain.parse({})).toEqual({ page: 1, per_page: 20, sort: 'id', order: 'asc' });
  });

  it('sorts ascending when a sort comes without an order', () => {
    expect(schema.parse({ sort: 'name' })).toMatchObject({ sort: 'name', order: 'asc' });
    expect(schema.parse({ sort: 'rating' })).toMatchObject({ sort: 'rating', order: 'asc' });
    expect(schema.parse({ sort: 'name', order: 'desc' })).toMatchObject({ sort: 'name', order: 'desc' });
    expect(schema.parse({ order: 'asc' })).toMatchObject({ sort: 'rating', order: 'asc' });
  });

  it('reads pages as text or numbers, all and 0 as All, and keeps its own filters', () => {
    expect(schema.parse({ page: '3', per_page: '10', q: 'x' })).toEqual({ page: 3, per_page: 10, sort: 'rating', order: 'desc', q: 'x' });
    expect(schema.parse({ page: 2, per_page: 5 })).toMatchObject({ page: 2, per_page: 5 });
    expect(schema.parse({ per_page: 'all' }).per_page).toBe(PER_PAGE_ALL);
    expect(schema.parse({ per_page: '0' }).per_page).toBe(PER_PAGE_ALL);
    expect(schema.parse({ per_page: String(PER_PAGE_MAX) }).per_page).toBe(PER_PAGE_MAX);
    expect(schema.parse({ page: '1000000' }).page).toBe(1_000_000);
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: ' 1' }, 'page'],
    [{ page: '1000001' }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ page: true }, 'page'],
    [{ per_page: String(PER_PAGE_MAX + 1) }, 'per_page'],
    [{ per_page: 'All' }, 'per_page'],
    [{ per_page: '-1' }, 'per_page'],
    [{ per_page: '1e2' }, 'per_page'],
    [{ sort: 'password' }, 'sort'],
    [{ order: 'up' }, 'order'],
  ])('refuses %j on %s with "This field is invalid"', (input, field) => {
    expect(errorsOf(input)).toEqual({ [field]: m.invalid });
  });
});

describe('pages of a list', () => {
  it('reads a page as a window', () => {
    expect(pageWindow({ page: 1, per_page: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow({ page: 3, per_page: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(pageWindow({ page: 3, per_page: PER_PAGE_ALL })).toEqual({ limit: undefined, offset: 0 });
  });

  it('answers the total, and All as one page of everything', () => {
    expect(listMeta({ page: 2, per_page: 10 }, 35)).toEqual({ total: 35, page: 2, per_page: 10 });
    expect(listMeta({ page: 1, per_page: PER_PAGE_ALL }, 35)).toEqual({ total: 35, page: 1, per_page: 35 });
    expect(listMeta({ page: 1, per_page: PER_PAGE_ALL }, 0)).toEqual({ total: 0, page: 1, per_page: 1 });
  });
});

describe('page query (a list in one fixed order)', () => {
  const cards = pageQuerySchema({ site_id: z.string().optional() }, { defaultPerPage: 24 });
  const capped = pageQuerySchema({}, { maxPerPage: 100 });

  it('reads page and per_page as every list does, with the list’s own default and no sort', () => {
    expect(cards.parse({})).toEqual({ page: 1, per_page: 24 });
    expect(cards.parse({ page: '2', per_page: '500', site_id: '3' })).toEqual({ page: 2, per_page: 500, site_id: '3' });
    expect(cards.parse({ per_page: 'all' }).per_page).toBe(PER_PAGE_ALL);
    expect(cards.parse({ per_page: String(PER_PAGE_MAX) }).per_page).toBe(PER_PAGE_MAX);
  });

  it('refuses what a list refuses, and a page past a smaller maximum', () => {
    for (const bad of [{ per_page: String(PER_PAGE_MAX + 1) }, { per_page: 'some' }, { page: '0' }, { page: '1.5' }]) {
      const r = cards.safeParse(bad);
      expect(r.success, `${JSON.stringify(bad)}`).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(m.invalid);
    }
    expect(capped.safeParse({ per_page: '101' }).success).toBe(false);
    expect(capped.parse({ per_page: 'all' }).per_page).toBe(PER_PAGE_ALL);
    expect(listQuerySchema({}, { sort: ['id'], defaultSort: 'id', maxPerPage: 100 }).safeParse({ per_page: '101' }).success).toBe(false);
  });
});
