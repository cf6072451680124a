import { type CatalogueKind, type CatalogueQuery, catalogueListReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (kind: CatalogueKind, query: CatalogueQuery) => ['catalogue', kind, query] as const,
};

const path = (kind: CatalogueKind) => (kind === 'model' ? '/v1/creatives/models' : '/v1/creatives/scenes');

/** GET /v1/creatives/models|scenes: a page of the catalogue with the filters' choices. */
export async function getCatalogue(kind: CatalogueKind, query: CatalogueQuery) {
  return catalogueListReplySchema.parse(await apiRequest(path(kind), { query: query as Record<string, string | number | undefined> }));
}

export function getCatalogueQueryOptions(kind: CatalogueKind, query: CatalogueQuery) {
  return queryOptions({ queryKey: catalogueKeys.list(kind, query), queryFn: () => getCatalogue(kind, query), placeholderData: keepPreviousData });
}

export function useCatalogue(kind: CatalogueKind, query: CatalogueQuery) {
  return useQuery(getCatalogueQueryOptions(kind, query));
}
