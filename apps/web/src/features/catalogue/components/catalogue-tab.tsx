import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { CatalogueKind, CatalogueQuery } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { type DurationBucket, durationBuckets } from '../lib/display.ts';
import { CatalogueCard } from './catalogue-card.tsx';
import { type CatalogueFilterValues, CatalogueFilters, emptyFilters } from './catalogue-filters.tsx';

const PER_PAGE = 24;

function toQuery(f: CatalogueFilterValues, page: number): CatalogueQuery {
  return {
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.site_id ? { site_id: String(f.site_id) } : {}),
    ...(f.tag ? { tag: f.tag } : {}),
    ...(f.fov ? { fov: f.fov } : {}),
    ...(f.projection ? { projection: f.projection } : {}),
    ...(f.resolution ? { resolution: f.resolution } : {}),
    ...(f.duration ? durationBuckets[f.duration] : {}),
    sort: f.sort,
    page,
    per_page: PER_PAGE,
  };
}

/** The address's parameters of the Pornstars and Scenes tabs (beside the page's `tab`). */
export const catalogueUrlKeys = ['q', 'site', 'tag', 'fov', 'projection', 'resolution', 'duration', 'sort', 'page'] as const;
type UrlValues = Record<(typeof catalogueUrlKeys)[number], string | undefined>;

const positive = (v: string | undefined): number | undefined => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The filters as the address gives them; anything not understood is read as not set. */
export function filtersFromUrl(v: UrlValues): CatalogueFilterValues {
  return {
    search: v.q ?? '',
    site_id: positive(v.site),
    tag: v.tag,
    fov: v.fov === '180' || v.fov === '360' ? v.fov : undefined,
    projection: v.projection,
    resolution: v.resolution,
    duration: v.duration && Object.hasOwn(durationBuckets, v.duration) ? (v.duration as DurationBucket) : undefined,
    sort: v.sort === 'converts' ? 'converts' : 'newest',
  };
}

/** The address's parameters for a change of filters (an empty one is left out; newest is the default order). */
function patchToUrl(patch: Partial<CatalogueFilterValues>): Partial<UrlValues> {
  const out: Partial<UrlValues> = {};
  // As typed (spaces too), so the box shows what was typed; the API gets it trimmed.
  if ('search' in patch) out.q = patch.search?.trim() ? patch.search : undefined;
  if ('site_id' in patch) out.site = patch.site_id === undefined ? undefined : String(patch.site_id);
  if ('tag' in patch) out.tag = patch.tag;
  if ('fov' in patch) out.fov = patch.fov;
  if ('projection' in patch) out.projection = patch.projection;
  if ('resolution' in patch) out.resolution = patch.resolution;
  if ('duration' in patch) out.duration = patch.duration;
  if ('sort' in patch) out.sort = patch.sort === 'converts' ? 'converts' : undefined;
  return out;
}

/**
 * The Pornstars or Scenes tab: filters, a grid of cards and pages. The filters and the page live in
 * the address (`?tab=scenes&site=2&fov=180&page=2`), so a view can be shared and the back button
 * returns to the previous one.
 */
export function CatalogueTab({ kind, isClient }: { kind: CatalogueKind; isClient: boolean }) {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlParams(catalogueUrlKeys);
  const filters = useMemo(() => filtersFromUrl(url), [url]);
  const page = positive(url.page) ?? 1;
  const setPage = (p: number) => setUrl({ page: p > 1 ? String(p) : undefined });
  const list = useCatalogue(kind, toQuery(filters, page));
  // A new filter starts again at the first page.
  const change = useCallback((patch: Partial<CatalogueFilterValues>) => setUrl({ ...patchToUrl(patch), page: undefined }), [setUrl]);
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const filtered = JSON.stringify(filters) !== JSON.stringify(emptyFilters);

  return (
    <Box>
      <CatalogueFilters kind={kind} values={filters} facets={list.data?.meta.facets} onChange={change} />
      <Box sx={{ minHeight: 4, mb: 1 }}>{list.isFetching ? <LinearProgress aria-label={t('catalogue.count', { count: total })} /> : null}</Box>
      {list.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
          {t('catalogue.count', { count: total })}
        </Typography>
      ) : null}
      {list.data && total === 0 ? <Alert severity="info">{filtered ? t(`catalogue.empty.${kind}`) : t('catalogue.emptyCatalogue')}</Alert> : null}
      <Grid container spacing={2}>
        {(list.data?.data ?? []).map((item) => (
          <Grid key={item.id} size={kind === 'scene' ? { xs: 12, sm: 6, md: 4, xl: 3 } : { xs: 6, sm: 4, md: 3, xl: 2 }}>
            <CatalogueCard item={item} isClient={isClient} />
          </Grid>
        ))}
      </Grid>
      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} color="primary" aria-label={t('catalogue.pages')} siblingCount={0} />
        </Box>
      ) : null}
    </Box>
  );
}
