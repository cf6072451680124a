import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { BANNER_SHAPES, type BannerFacets, type BannerShape, STANDARD_BANNER_SIZES } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';

export interface BannerFilterValues {
  site_id?: number | undefined;
  language?: string | undefined;
  size?: string | undefined;
  shape?: BannerShape | undefined;
  max_width?: number | undefined;
  max_height?: number | undefined;
  category?: string | undefined;
  format?: string | undefined;
  rating?: number | undefined;
}

const text = (list: string[] | undefined) => (list ?? []).map((v) => ({ value: v, label: v }));
const standard = new Set<string>(STANDARD_BANNER_SIZES);

/** A bound typed in pixels: applied when the field is left or Enter is pressed, not on every key. */
function PixelBound({ id, label, value, onChange }: { id: string; label: string; value: number | undefined; onChange: (v: number | undefined) => void }) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  // The address changed by itself (back button, a shared link): the field shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value === undefined ? '' : String(value));
  }
  const apply = () => {
    const n = /^\d{1,5}$/.test(draft.trim()) && Number(draft) > 0 ? Number(draft) : undefined;
    setDraft(n === undefined ? '' : String(n));
    if (n !== value) onChange(n);
  };
  return (
    <TextField
      id={id}
      fullWidth
      label={label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 5 } }}
    />
  );
}

/**
 * Site, language, size, shape, the largest size a slot takes, category, format and lowest rating:
 * the choices are the values banners have; standard sizes show their name ("300x250 · Medium rectangle").
 */
export function BannerFilters({ value, onChange, sites, facets }: { value: BannerFilterValues; onChange: (patch: BannerFilterValues) => void; sites: { id: number; display_name: string }[]; facets: BannerFacets | undefined }) {
  const { t } = useTranslation();
  const str = (v: string | number | null) => (v === null ? undefined : String(v));
  const sizeLabel = (size: string) => (standard.has(size) ? t('creatives.filters.sizeNamed', { size, name: t(`creatives.filters.standardSizes.${size}`) }) : size);
  const cell = { xs: 6, sm: 6, md: 4, lg: 2 } as const;
  return (
    <Grid container spacing={2} component="fieldset" aria-label={t('creatives.filters.label')} sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
      <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
        <SelectInput id="banner-filter-site" label={t('creatives.filters.site')} options={sites.map((s) => ({ value: s.id, label: s.display_name }))} value={value.site_id ?? null} onChange={(v) => onChange({ site_id: v === null ? undefined : Number(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput id="banner-filter-language" label={t('creatives.filters.language')} options={text(facets?.languages)} value={value.language ?? null} onChange={(v) => onChange({ language: str(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput id="banner-filter-size" label={t('creatives.filters.size')} options={(facets?.sizes ?? []).map((s) => ({ value: s, label: sizeLabel(s) }))} value={value.size ?? null} onChange={(v) => onChange({ size: str(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="banner-filter-shape"
          label={t('creatives.filters.shape')}
          options={BANNER_SHAPES.map((s) => ({ value: s, label: t(`creatives.filters.shapes.${s}`) }))}
          value={value.shape ?? null}
          onChange={(v) => onChange({ shape: (BANNER_SHAPES as readonly unknown[]).includes(v) ? (v as BannerShape) : undefined })}
        />
      </Grid>
      <Grid size={cell}>
        <PixelBound id="banner-filter-max-width" label={t('creatives.filters.maxWidth')} value={value.max_width} onChange={(v) => onChange({ max_width: v })} />
      </Grid>
      <Grid size={cell}>
        <PixelBound id="banner-filter-max-height" label={t('creatives.filters.maxHeight')} value={value.max_height} onChange={(v) => onChange({ max_height: v })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput id="banner-filter-category" label={t('creatives.filters.category')} options={text(facets?.categories)} value={value.category ?? null} onChange={(v) => onChange({ category: str(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput id="banner-filter-format" label={t('creatives.filters.format')} options={text(facets?.formats)} value={value.format ?? null} onChange={(v) => onChange({ format: str(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="banner-filter-rating"
          label={t('creatives.filters.rating')}
          options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('creatives.filters.ratingAtLeast', { n }) }))}
          value={value.rating ?? null}
          onChange={(v) => onChange({ rating: v === null ? undefined : Number(v) })}
        />
      </Grid>
    </Grid>
  );
}
