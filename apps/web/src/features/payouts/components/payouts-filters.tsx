import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { periodLabel } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '../../../lib/money-queries.ts';
import type { PayoutFilters } from '../lib/filters.ts';
import { billingPeriods } from '../lib/periods.ts';

type Editable = Pick<PayoutFilters, 'period' | 'method' | 'affiliate' | 'amount_min' | 'amount_max'>;

export interface PayoutsFiltersProps {
  filters: PayoutFilters;
  onChange: (patch: Partial<Editable>) => void;
}

/** Typed fields reach the address (and the server) once typing pauses. */
function useSettled(value: string, onSettle: (v: string) => void) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // The address changed from elsewhere (Clear filters, back button): show that.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const settle = useRef(onSettle);
  useEffect(() => {
    settle.current = onSettle;
  });
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settle.current(draft), 350);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

/** Period, payment method, affiliate and amount range of /payouts. */
export function PayoutsFilters({ filters, onChange }: PayoutsFiltersProps) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const [affiliate, setAffiliate] = useSettled(filters.affiliate, (v) => onChange({ affiliate: v }));
  const [min, setMin] = useSettled(filters.amount_min, (v) => onChange({ amount_min: v }));
  const [max, setMax] = useSettled(filters.amount_max, (v) => onChange({ amount_max: v }));
  const badAmount = (v: string) => v.trim() !== '' && !/^\d+(\.\d{1,2})?$/.test(v.trim());
  const any = filters.period || filters.method || filters.affiliate || filters.amount_min || filters.amount_max;
  return (
    <Stack component="section" aria-label={t('payouts.filters.label')} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-start' }, rowGap: 1.5 }}>
      <TextField select size="small" label={t('payouts.filters.period')} value={filters.period} onChange={(e) => onChange({ period: e.target.value })} sx={{ minWidth: 180 }}>
        <MenuItem value="">{t('payouts.filters.anyPeriod')}</MenuItem>
        {billingPeriods().map((p) => (
          <MenuItem key={p} value={p}>
            {periodLabel(p)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('payouts.filters.method')} value={filters.method} onChange={(e) => onChange({ method: e.target.value })} sx={{ minWidth: 180 }}>
        <MenuItem value="">{t('payouts.filters.anyMethod')}</MenuItem>
        {(methods.data ?? []).map((m) => (
          <MenuItem key={m.type} value={m.type}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" label={t('payouts.filters.affiliate')} placeholder={t('payouts.filters.affiliateHint')} value={affiliate} onChange={(e) => setAffiliate(e.target.value)} sx={{ minWidth: 200 }} />
      <Stack direction="row" spacing={1.5}>
        <TextField
          size="small"
          label={t('payouts.filters.amountMin')}
          value={min}
          onChange={(e) => setMin(e.target.value)}
          error={badAmount(min)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '50%', md: 130 } }}
        />
        <TextField
          size="small"
          label={t('payouts.filters.amountMax')}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          error={badAmount(max)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { xs: '50%', md: 130 } }}
        />
      </Stack>
      {any ? (
        <Button onClick={() => onChange({ period: '', method: '', affiliate: '', amount_min: '', amount_max: '' })} sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}>
          {t('payouts.filters.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}
