import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { CatalogueKind } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { useCreativeSites } from '../../../lib/queries/get-creative-sites.ts';
import { type DurationBucket, durationBuckets } from '../lib/display.ts';

export interface CatalogueFilterValues {
  search: string;
  site_id: number | undefined;
  tag: string | undefined;
  fov: '180' | '360' | undefined;
  projection: string | undefined;
  resolution: string | undefined;
  duration: DurationBucket | undefined;
  sort: 'newest' | 'converts';
}

export const emptyFilters: CatalogueFilterValues = { search: '', site_id: undefined, tag: undefined, fov: undefined, projection: undefined, resolution: undefined, duration: undefined, sort: 'newest' };

export interface Facets {
  tags: string[];
  projections: string[];
  resolutions: string[];
  fovs: number[];
}

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** Search, site, tag, the VR facts the catalogue has, and the order. */
export function CatalogueFilters({ kind, values, facets, onChange }: { kind: CatalogueKind; values: CatalogueFilterValues; facets: Facets | undefined; onChange: (patch: Partial<CatalogueFilterValues>) => void }) {
  const { t } = useTranslation();
  const sites = useCreativeSites();
  // What the person is typing, on the history entry it was typed on. Any other entry (the one this box's
  // search made, Back, a shared link, another filter) shows the address's search: no effect catches up.
  const location = useLocation();
  const [draft, setDraft] = useState<{ text: string; entry: string }>();
  // Another history entry is shown (the search's own, or Back to the one it was typed on): the draft is done.
  const [shownEntry, setShownEntry] = useState(location.key);
  if (shownEntry !== location.key) {
    setShownEntry(location.key);
    setDraft(undefined);
  }
  const search = draft && draft.entry === location.key ? draft.text : values.search;
  // Typing searches after a pause, not on every key.
  useEffect(() => {
    if (search === values.search) return;
    const timer = setTimeout(() => onChange({ search }), 350);
    return () => clearTimeout(timer);
  }, [search, values.search, onChange]);
  // Two a row on phones (the search has a row of its own), so the cards start within the first screen.
  const cell = { xs: 6, sm: 6, md: 4, lg: 3 } as const;
  const id = (name: string) => `catalogue-${kind}-${name}`;
  return (
    <Grid container spacing={2} sx={{ mb: 2.5 }} role="search" aria-label={t('catalogue.filters.label')}>
      <Grid size={{ ...cell, xs: 12 }}>
        <TextField id={id('search')} fullWidth label={t('catalogue.filters.search')} placeholder={t('catalogue.filters.searchHint')} value={search} onChange={(e) => setDraft({ text: e.target.value, entry: location.key })} type="search" />
      </Grid>
      <Grid size={cell}>
        <SelectInput id={id('site')} label={t('catalogue.filters.site')} options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))} value={values.site_id ?? null} onChange={(v) => onChange({ site_id: v === null ? undefined : Number(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput id={id('tag')} label={t('catalogue.filters.tag')} options={opts(facets?.tags ?? [])} value={values.tag ?? null} onChange={(v) => onChange({ tag: v === null ? undefined : String(v) })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput id={id('sort')} label={t('catalogue.filters.sort')} clearable={false} options={(['newest', 'converts'] as const).map((s) => ({ value: s, label: t(`catalogue.filters.sorts.${s}`) }))} value={values.sort} onChange={(v) => onChange({ sort: v === 'converts' ? 'converts' : 'newest' })} />
      </Grid>
      {facets?.fovs.length ? (
        <Grid size={cell}>
          <SelectInput id={id('fov')} label={t('catalogue.filters.fov')} options={facets.fovs.map((f) => ({ value: String(f), label: t('catalogue.filters.fovValue', { value: f }) }))} value={values.fov ?? null} onChange={(v) => onChange({ fov: v === '180' || v === '360' ? v : undefined })} />
        </Grid>
      ) : null}
      {facets?.projections.length ? (
        <Grid size={cell}>
          <SelectInput id={id('projection')} label={t('catalogue.filters.projection')} options={opts(facets.projections)} value={values.projection ?? null} onChange={(v) => onChange({ projection: v === null ? undefined : String(v) })} />
        </Grid>
      ) : null}
      {facets?.resolutions.length ? (
        <Grid size={cell}>
          <SelectInput id={id('resolution')} label={t('catalogue.filters.resolution')} options={opts(facets.resolutions)} value={values.resolution ?? null} onChange={(v) => onChange({ resolution: v === null ? undefined : String(v) })} />
        </Grid>
      ) : null}
      {kind === 'scene' ? (
        <Grid size={cell}>
          <SelectInput
            id={id('duration')}
            label={t('catalogue.filters.duration')}
            options={(Object.keys(durationBuckets) as DurationBucket[]).map((d) => ({ value: d, label: t(`catalogue.filters.durations.${d}`) }))}
            value={values.duration ?? null}
            onChange={(v) => onChange({ duration: v === null ? undefined : (String(v) as DurationBucket) })}
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
