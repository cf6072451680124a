import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';

/** `per_page` read as All: the whole list in one page. */
export const PER_PAGE_ALL = 0;
/** The largest page a list answers at once (All aside). */
export const PER_PAGE_MAX = 1000;

/** A whole number written plainly (digits only) in the query, or a number from code. */
const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^[0-9]{1,9}$/, m.invalid).transform(Number)], { error: m.invalid })
    .pipe(z.number().int(m.invalid).min(min, m.invalid).max(max, m.invalid));

/** What a list query reads as, once parsed. */
export interface ListPaging<Sort extends string> {
  page: number;
  /** 0: All. */
  per_page: number;
  sort: Sort;
  order: 'asc' | 'desc';
}

export interface PageQueryOptions {
  /** The page size when none is asked for (20). */
  defaultPerPage?: number;
  /** The largest page it answers, All aside (`PER_PAGE_MAX`). */
  maxPerPage?: number;
}

export interface ListQueryOptions<S extends readonly [string, ...string[]]> extends PageQueryOptions {
  /** The fields a list sorts by. */
  sort: S;
  defaultSort: S[number];
  /** The order when none is asked for. */
  defaultOrder?: 'asc' | 'desc';
}

const pageWords = (maxPerPage: number) => ({
  page: wholeNumber(1, 1_000_000).optional(),
  per_page: z.union([z.literal('all'), wholeNumber(0, maxPerPage)], { error: m.invalid }).optional(),
});
const perPageOf = (asked: number | 'all' | undefined, defaultPerPage: number) => (asked === 'all' ? PER_PAGE_ALL : (asked ?? defaultPerPage));

/**
 * The query of a list that pages in one fixed order (the ledger's rows, the creatives' cards):
 * `page` and `per_page` read exactly as `listQuerySchema` reads them, with no `sort`.
 */
export function pageQuerySchema<const Shape extends z.ZodRawShape>(shape: Shape, { defaultPerPage = 20, maxPerPage = PER_PAGE_MAX }: PageQueryOptions = {}) {
  return z.object({ ...shape, ...pageWords(maxPerPage) }).transform((q) => {
    const asked = q as unknown as { page?: number; per_page?: number | 'all' };
    return { ...(q as z.output<z.ZodObject<Shape>>), page: asked.page ?? 1, per_page: perPageOf(asked.per_page, defaultPerPage) };
  });
}

/**
 * The query every paged list takes (docs/lists.md), its own filters in `shape`: `page` from 1,
 * `per_page` up to 1000 (or the list's `maxPerPage`) or `all` (also `0`, as the announcements and
 * the screens' page-size pickers have always sent it), `sort` one of the list's fields and `order` asc or desc. Without `sort` the list keeps its
 * own order (`defaultSort`, `defaultOrder`); a `sort` without `order` is ascending.
 */
export function listQuerySchema<const Shape extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(
  shape: Shape,
  { sort, defaultSort, defaultOrder = 'asc', defaultPerPage = 20, maxPerPage = PER_PAGE_MAX }: ListQueryOptions<S>,
) {
  return z
    .object({
      ...shape,
      ...pageWords(maxPerPage),
      sort: z.enum(sort, { error: m.invalid }).optional(),
      order: z.enum(['asc', 'desc'], { error: m.invalid }).optional(),
    })
    .transform((q) => {
      const asked = q as unknown as { page?: number; per_page?: number | 'all'; sort?: S[number]; order?: 'asc' | 'desc' };
      const paging: ListPaging<S[number]> = {
        page: asked.page ?? 1,
        per_page: perPageOf(asked.per_page, defaultPerPage),
        sort: asked.sort ?? defaultSort,
        order: asked.order ?? (asked.sort === undefined ? defaultOrder : 'asc'),
      };
      return { ...(q as z.output<z.ZodObject<Shape>>), ...paging };
    });
}

/** A page of a list: the limit and offset to read it with, `undefined` limit for All. */
export function pageWindow(q: { page: number; per_page: number }): { limit: number | undefined; offset: number } {
  return q.per_page === PER_PAGE_ALL ? { limit: undefined, offset: 0 } : { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

/** `meta` of a list reply; All answers the total as its page size. */
export function listMeta(q: { page: number; per_page: number }, total: number) {
  return { total, page: q.page, per_page: q.per_page === PER_PAGE_ALL ? Math.max(total, 1) : q.per_page };
}
