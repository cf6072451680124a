import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { deviceClasses, statisticsGroupBy, validationMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerInput } from '../../../components/forms/date-picker-input.tsx';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { useCampaigns } from '../../../lib/queries/get-campaigns.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import type { Filters } from '../lib/filters.ts';
import { subKeys } from '../../../lib/sub-keys.ts';

export interface StatisticsFiltersProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  isClient: boolean;
  /** Staff with the affiliates permission can pick an affiliate. */
  canPickAffiliate: boolean;
}


/** A text filter sent when the person leaves the field or presses Enter, not at every key (give it key={value} so a reset shows). */
function CommitField({ label, value, onCommit, helperText, validate, upper = false }: { label: string; value: string; onCommit: (v: string) => void; helperText?: string; validate?: (v: string) => boolean; upper?: boolean }) {
  const [text, setText] = useState(value);
  const valid = text === '' || !validate || validate(text);
  const commit = () => {
    if (valid && text.trim() !== value) onCommit(text.trim());
  };
  return (
    <TextField
      label={label}
      value={text}
      fullWidth
      error={!valid}
      helperText={helperText}
      onChange={(e) => setText(upper ? e.target.value.toUpperCase() : e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { maxLength: upper ? 2 : 255 } }}
    />
  );
}

/** Date range, site, offer, campaign (affiliates), affiliate (staff), country, device, group by and sub IDs. */
export function StatisticsFilters({ filters, onChange, isClient, canPickAffiliate }: StatisticsFiltersProps) {
  const { t } = useTranslation();
  const [showSubs, setShowSubs] = useState(subKeys.some((k) => filters[k] !== ''));
  const sites = useSites();
  const offers = useOffers(filters.site_id);
  const campaigns = useCampaigns(isClient);
  const affiliates = useAffiliateOptions(canPickAffiliate);
  const groups = statisticsGroupBy.filter((g) => g !== 'affiliate' || !isClient).filter((g) => g !== 'campaign' || isClient);
  const cell = { xs: 12, sm: 6, lg: 3 } as const;
  // A start date after the end date (from the address): both fields say so, in SPEC.md section 5's words.
  const rangeError = filters.from > filters.to ? validationMessages.invalid : undefined;

  return (
    <Grid container spacing={2}>
      <Grid size={cell}>
        <DatePickerInput label={t('statistics.from')} value={filters.from} maxDate={filters.to} onChange={(v) => v && onChange({ from: v })} error={rangeError} />
      </Grid>
      <Grid size={cell}>
        <DatePickerInput label={t('statistics.to')} value={filters.to} minDate={filters.from} onChange={(v) => v && onChange({ to: v })} error={rangeError} />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="statistics-site"
          label={t('statistics.site')}
          options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
          value={filters.site_id ?? null}
          onChange={(v) => onChange({ site_id: v === null ? undefined : Number(v), offer_id: undefined })}
        />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="statistics-offer"
          label={t('statistics.offer')}
          options={(offers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.offer_id ?? null}
          onChange={(v) => onChange({ offer_id: v === null ? undefined : Number(v) })}
        />
      </Grid>
      {isClient ? (
        <Grid size={cell}>
          <SelectInput
            id="statistics-campaign"
            label={t('statistics.campaign')}
            options={(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={filters.campaign_id ?? null}
            onChange={(v) => onChange({ campaign_id: v === null ? undefined : Number(v) })}
          />
        </Grid>
      ) : null}
      {canPickAffiliate && affiliates.isSuccess ? (
        <Grid size={cell}>
          <SelectInput
            id="statistics-affiliate"
            label={t('statistics.affiliate')}
            options={affiliates.data.map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
            value={filters.affiliate_id ?? null}
            onChange={(v) => onChange({ affiliate_id: v === null ? undefined : Number(v) })}
          />
        </Grid>
      ) : null}
      <Grid size={cell}>
        <CommitField key={`country-${filters.country}`} label={t('statistics.country')} value={filters.country} upper helperText={t('statistics.countryHint')} validate={(v) => /^[A-Z]{2}$/.test(v)} onCommit={(country) => onChange({ country })} />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="statistics-device"
          label={t('statistics.device')}
          options={deviceClasses.map((d) => ({ value: d, label: t(`statistics.devices.${d}`) }))}
          value={filters.device || null}
          onChange={(v) => onChange({ device: v === null ? '' : String(v) })}
        />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="statistics-group-by"
          label={t('statistics.groupBy')}
          clearable={false}
          options={groups.map((g) => ({ value: g, label: t(`statistics.groups.${g}`) }))}
          value={filters.group_by}
          onChange={(v) => onChange({ group_by: (v ?? 'date') as Filters['group_by'] })}
        />
      </Grid>
      <Grid size={12}>
        <Button size="small" onClick={() => setShowSubs((s) => !s)} aria-expanded={showSubs}>
          {t('statistics.moreFilters')}
        </Button>
        <Collapse in={showSubs} unmountOnExit>
          <Grid container spacing={2} sx={{ pt: 1.5 }}>
            {subKeys.map((k, i) => (
              <Grid key={k} size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <CommitField key={`${k}-${filters[k]}`} label={t('statistics.sub', { n: i + 1 })} value={filters[k]} onCommit={(v) => onChange({ [k]: v })} />
              </Grid>
            ))}
          </Grid>
        </Collapse>
      </Grid>
    </Grid>
  );
}
