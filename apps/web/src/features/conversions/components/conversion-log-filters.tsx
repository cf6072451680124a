import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { conversionTypes, storedConversionStatuses, validationMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerInput } from '../../../components/forms/date-picker-input.tsx';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { subKeys } from '../../../lib/sub-keys.ts';
import type { LogFilters } from '../lib/filters.ts';

export interface ConversionLogFiltersProps {
  filters: LogFilters;
  onChange: (patch: Partial<LogFilters>) => void;
  /** Staff: the affiliate filter (a list to pick from with the affiliates permission, else the one in the address, removable). */
  staff: boolean;
  canPickAffiliate: boolean;
}

/** A text filter sent when the person leaves the field or presses Enter, not at every key (key={value} shows a reset). */
function SubField({ label, value, onCommit }: { label: string; value: string; onCommit: (v: string) => void }) {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <TextField
      label={label}
      value={text}
      fullWidth
      size="small"
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { maxLength: 255 } }}
    />
  );
}

/** Dates, status, type, site, offer, affiliate (staff) and sub IDs. */
export function ConversionLogFilters({ filters, onChange, staff, canPickAffiliate }: ConversionLogFiltersProps) {
  const { t } = useTranslation();
  const [showSubs, setShowSubs] = useState(subKeys.some((k) => filters[k] !== ''));
  const sites = useSites();
  const offers = useOffers(filters.site_id);
  const affiliates = useAffiliateOptions(staff && canPickAffiliate);
  const cell = { xs: 12, sm: 6, lg: 3 } as const;
  const rangeError = filters.from > filters.to ? validationMessages.invalid : undefined;
  const pickedAffiliate = staff && filters.affiliate_id !== undefined && !(canPickAffiliate && affiliates.isSuccess);

  return (
    <Grid container spacing={2}>
      <Grid size={cell}>
        <DatePickerInput label={t('conversionLog.from')} value={filters.from} maxDate={filters.to} onChange={(v) => v && onChange({ from: v })} error={rangeError} />
      </Grid>
      <Grid size={cell}>
        <DatePickerInput label={t('conversionLog.to')} value={filters.to} minDate={filters.from} onChange={(v) => v && onChange({ to: v })} error={rangeError} />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="conversion-log-status"
          label={t('conversionLog.status')}
          options={storedConversionStatuses.map((s) => ({ value: s, label: t(`conversionLog.statuses.${s}`) }))}
          value={filters.status || null}
          onChange={(v) => onChange({ status: v === null ? '' : String(v) })}
        />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="conversion-log-type"
          label={t('conversionLog.type')}
          options={conversionTypes.map((ty) => ({ value: ty, label: t(`conversionLog.types.${ty}`) }))}
          value={filters.type || null}
          onChange={(v) => onChange({ type: v === null ? '' : String(v) })}
        />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="conversion-log-site"
          label={t('conversionLog.site')}
          options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
          value={filters.site_id ?? null}
          onChange={(v) => onChange({ site_id: v === null ? undefined : Number(v), offer_id: undefined })}
        />
      </Grid>
      <Grid size={cell}>
        <SelectInput
          id="conversion-log-offer"
          label={t('conversionLog.offer')}
          options={(offers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.offer_id ?? null}
          onChange={(v) => onChange({ offer_id: v === null ? undefined : Number(v) })}
        />
      </Grid>
      {staff && canPickAffiliate && affiliates.isSuccess ? (
        <Grid size={cell}>
          <SelectInput
            id="conversion-log-affiliate"
            label={t('conversionLog.affiliate')}
            options={affiliates.data.map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
            value={filters.affiliate_id ?? null}
            onChange={(v) => onChange({ affiliate_id: v === null ? undefined : Number(v) })}
          />
        </Grid>
      ) : null}
      {pickedAffiliate ? (
        <Grid size={cell} sx={{ display: 'flex', alignItems: 'center' }}>
          <Chip label={t('conversionLog.affiliateChip', { id: filters.affiliate_id })} onDelete={() => onChange({ affiliate_id: undefined })} />
        </Grid>
      ) : null}
      <Grid size={12}>
        <Button size="small" onClick={() => setShowSubs((s) => !s)} aria-expanded={showSubs}>
          {t('conversionLog.moreFilters')}
        </Button>
        <Collapse in={showSubs} unmountOnExit>
          <Grid container spacing={2} sx={{ pt: 1.5 }}>
            {subKeys.map((k, i) => (
              <Grid key={k} size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <SubField key={`${k}-${filters[k]}`} label={t('conversionLog.sub', { n: i + 1 })} value={filters[k]} onCommit={(v) => onChange({ [k]: v })} />
              </Grid>
            ))}
          </Grid>
        </Collapse>
      </Grid>
    </Grid>
  );
}
