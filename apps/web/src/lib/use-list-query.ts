import { useState } from 'react';

/** What a paged list screen asks for: page, page size (0: All), sort, order, search and its own filters. */
export interface ListQueryState<Sort extends string> {
  page: number;
  per_page: number;
  sort?: Sort | undefined;
  order?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
}

/** The query as the API reads it: the screen's All (page size 0) is `per_page=all`, the one word every list takes. */
export function listParams<Q extends { per_page: number }>(query: Q): Omit<Q, 'per_page'> & { per_page: number | 'all' } {
  return { ...query, per_page: query.per_page === 0 ? 'all' : query.per_page };
}

/**
 * A list screen's query (docs/lists.md): a new sort, search or filter goes back to page 1; sorting
 * by the column already sorted turns its order around.
 */
export function useListQuery<Sort extends string, Filters extends object = object>(initial: Partial<ListQueryState<Sort>> & Filters = {} as Filters) {
  const [query, setQuery] = useState<ListQueryState<Sort> & Filters>({ page: 1, per_page: 20, ...initial } as ListQueryState<Sort> & Filters);
  return {
    query,
    /** `query` as the API reads it (`listParams`). */
    params: listParams(query),
    setPage: (page: number, per_page: number) => setQuery((q) => ({ ...q, page, per_page })),
    sortBy: (sort: Sort) =>
      setQuery((q) => ({ ...q, page: 1, sort, order: q.sort === sort ? (q.order === 'desc' ? 'asc' : 'desc') : 'asc' })),
    setSearch: (search: string) => setQuery((q) => ({ ...q, page: 1, search: search.trim() || undefined })),
    setFilters: (filters: Partial<Filters>) => setQuery((q) => ({ ...q, ...filters, page: 1 })),
  };
}

export type ListQuery<Sort extends string, Filters extends object = object> = ReturnType<typeof useListQuery<Sort, Filters>>;
