import { useState } from 'react';

/** What a paged list screen asks for: page, page size (0: All), sort, order, search and its own filters. */
export interface ListQueryState<Sort extends string> {
  page: number;
  per_page: number;
  sort?: Sort | undefined;
  order?: 'asc' | 'desc' | undefined;
  search?: string | undefined;
}

/**
 * A list screen's query (docs/lists.md): a new sort, search or filter goes back to page 1; sorting
 * by the column already sorted turns its order around.
 */
export function useListQuery<Sort extends string, Filters extends object = object>(initial: Partial<ListQueryState<Sort>> & Filters = {} as Filters) {
  const [query, setQuery] = useState<ListQueryState<Sort> & Filters>({ page: 1, per_page: 20, ...initial } as ListQueryState<Sort> & Filters);
  return {
    query,
    setPage: (page: number, per_page: number) => setQuery((q) => ({ ...q, page, per_page })),
    sortBy: (sort: Sort) =>
      setQuery((q) => ({ ...q, page: 1, sort, order: q.sort === sort ? (q.order === 'desc' ? 'asc' : 'desc') : 'asc' })),
    setSearch: (search: string) => setQuery((q) => ({ ...q, page: 1, search: search.trim() || undefined })),
    setFilters: (filters: Partial<Filters>) => setQuery((q) => ({ ...q, ...filters, page: 1 })),
  };
}

export type ListQuery<Sort extends string, Filters extends object = object> = ReturnType<typeof useListQuery<Sort, Filters>>;
