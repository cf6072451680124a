import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { CatalogueKind, CatalogueQuery } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../api/get-catalogue.ts';
import { durationBuckets } from '../lib/display.ts';
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

/** The Pornstars or Scenes tab: filters, a grid of cards and pages. */
export function CatalogueTab({ kind, isClient }: { kind: CatalogueKind; isClient: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<CatalogueFilterValues>(emptyFilters);
  const [page, setPage] = useState(1);
  const list = useCatalogue(kind, toQuery(filters, page));
  const change = useCallback((patch: Partial<CatalogueFilterValues>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);
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
