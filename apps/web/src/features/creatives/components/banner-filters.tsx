import Grid from '@mui/material/Grid';
import type { BannerFacets } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';

export interface BannerFilterValues {
  site_id?: number | undefined;
  language?: string | undefined;
  size?: string | undefined;
  category?: string | undefined;
  format?: string | undefined;
  rating?: number | undefined;
}

const text = (list: string[] | undefined) => (list ?? []).map((v) => ({ value: v, label: v }));

/** Site, language, size, category, format and lowest rating: the choices are the values banners have. */
export function BannerFilters({ value, onChange, sites, facets }: { value: BannerFilterValues; onChange: (next: BannerFilterValues) => void; sites: { id: number; display_name: string }[]; facets: BannerFacets | undefined }) {
  const { t } = useTranslation();
  const set = (patch: BannerFilterValues) => onChange({ ...value, ...patch });
  const str = (v: string | number | null) => (v === null ? undefined : String(v));
  return (
    <Grid container spacing={2} component="fieldset" aria-label={t('creatives.filters.label')} sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
        <SelectInput id="banner-filter-site" label={t('creatives.filters.site')} options={sites.map((s) => ({ value: s.id, label: s.display_name }))} value={value.site_id ?? null} onChange={(v) => set({ site_id: v === null ? undefined : Number(v) })} />
      </Grid>
      <Grid size={{ xs: 6, sm: 6, md: 4, lg: 2 }}>
        <SelectInput id="banner-filter-language" label={t('creatives.filters.language')} options={text(facets?.languages)} value={value.language ?? null} onChange={(v) => set({ language: str(v) })} />
      </Grid>
      <Grid size={{ xs: 6, sm: 6, md: 4, lg: 2 }}>
        <SelectInput id="banner-filter-size" label={t('creatives.filters.size')} options={text(facets?.sizes)} value={value.size ?? null} onChange={(v) => set({ size: str(v) })} />
      </Grid>
      <Grid size={{ xs: 6, sm: 6, md: 4, lg: 2 }}>
        <SelectInput id="banner-filter-category" label={t('creatives.filters.category')} options={text(facets?.categories)} value={value.category ?? null} onChange={(v) => set({ category: str(v) })} />
      </Grid>
      <Grid size={{ xs: 6, sm: 6, md: 4, lg: 2 }}>
        <SelectInput id="banner-filter-format" label={t('creatives.filters.format')} options={text(facets?.formats)} value={value.format ?? null} onChange={(v) => set({ format: str(v) })} />
      </Grid>
      <Grid size={{ xs: 6, sm: 6, md: 4, lg: 2 }}>
        <SelectInput
          id="banner-filter-rating"
          label={t('creatives.filters.rating')}
          options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('creatives.filters.ratingAtLeast', { n }) }))}
          value={value.rating ?? null}
          onChange={(v) => set({ rating: v === null ? undefined : Number(v) })}
        />
      </Grid>
    </Grid>
  );
}
