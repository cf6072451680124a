import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { customPayoutsInputSchema, type Offer, trackingMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { useOffer } from '../api/get-offer.ts';
import { useSaveOfferPayouts } from '../api/save-offer-payouts.ts';
import { payoutText } from '../lib/payout.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { OfferForm } from './offer-form.tsx';
import { useArchiveAction } from './offers-admin.tsx';

interface Rows {
  affiliates: { affiliate_id: number | null; amount: string }[];
  tiers: { tier_id: string; amount: string }[];
}

function CustomPayouts({ offer, canPickAffiliate }: { offer: Offer; canPickAffiliate: boolean }) {
  const { t } = useTranslation();
  const save = useSaveOfferPayouts();
  const affiliates = useAffiliateOptions(canPickAffiliate);
  const custom = offer.custom_payouts ?? [];
  const form = useFormState<Rows>({
    affiliates: custom.filter((c) => c.affiliate).map((c) => ({ affiliate_id: c.affiliate!.id, amount: String(c.amount) })),
    tiers: custom.filter((c) => c.tier).map((c) => ({ tier_id: String(c.tier!.id), amount: String(c.amount) })),
  });
  const { values, errors } = form;
  const knownTiers = custom.filter((c) => c.tier).map((c) => `${c.tier!.name} (${c.tier!.id})`);
  // Affiliates already named keep their name even when the picker list is not available.
  const affiliateOptions = [
    ...(affiliates.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` })),
    ...custom.filter((c) => c.affiliate && !(affiliates.data ?? []).some((a) => a.id === c.affiliate!.id)).map((c) => ({ value: c.affiliate!.id, label: `${c.affiliate!.name} (${c.affiliate!.email})` })),
  ];
  const adornment = offer.payout_type === 'revshare' ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : { startAdornment: <InputAdornment position="start">$</InputAdornment> };
  const update = (next: Rows) => form.setValues(next);

  const submit = async () => {
    const input = form.validate(customPayoutsInputSchema, {
      affiliates: values.affiliates.map((r) => ({ affiliate_id: r.affiliate_id ?? '', amount: r.amount })),
      tiers: values.tiers.map((r) => ({ tier_id: r.tier_id, amount: r.amount })),
    });
    if (!input) return;
    try {
      const reply = await save.mutateAsync({ id: offer.id, input });
      notify.success(reply.message ?? trackingMessages.offerUpdated);
    } catch (error) {
      form.applyServerErrors(error);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('offers.detail.customPayouts')} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography variant="h6" component="h2">
        {t('offers.detail.advanced')}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1, fontWeight: 600 }}>
        {t('offers.detail.customPayouts')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('offers.detail.customIntro')}
      </Typography>
      {errors.affiliates ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.affiliates}
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('offers.detail.byAffiliate')}
      </Typography>
      <Stack spacing={1.5}>
        {values.affiliates.map((row, i) => (
          <Grid container spacing={1.5} key={i} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              {canPickAffiliate ? (
                <SelectInput
                  id={`payout-affiliate-${i}`}
                  label={t('offers.detail.affiliate')}
                  options={affiliateOptions}
                  value={row.affiliate_id}
                  error={errors[`affiliates.${i}.affiliate_id`]}
                  onChange={(v) => update({ ...values, affiliates: values.affiliates.map((r, j) => (j === i ? { ...r, affiliate_id: v === null ? null : Number(v) } : r)) })}
                />
              ) : (
                <TextField
                  id={`payout-affiliate-${i}`}
                  label={t('offers.detail.affiliateId')}
                  fullWidth
                  value={row.affiliate_id ?? ''}
                  error={Boolean(errors[`affiliates.${i}.affiliate_id`])}
                  helperText={errors[`affiliates.${i}.affiliate_id`]}
                  onChange={(e) => update({ ...values, affiliates: values.affiliates.map((r, j) => (j === i ? { ...r, affiliate_id: /^\d+$/.test(e.target.value) ? Number(e.target.value) : null } : r)) })}
                />
              )}
            </Grid>
            <Grid size={{ xs: 9, md: 4 }}>
              <TextField
                id={`payout-affiliate-amount-${i}`}
                label={t('offers.detail.amount')}
                fullWidth
                value={row.amount}
                error={Boolean(errors[`affiliates.${i}.amount`])}
                helperText={errors[`affiliates.${i}.amount`]}
                onChange={(e) => update({ ...values, affiliates: values.affiliates.map((r, j) => (j === i ? { ...r, amount: e.target.value } : r)) })}
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: adornment }}
              />
            </Grid>
            <Grid size={{ xs: 3, md: 1 }}>
              <IconButton aria-label={t('offers.detail.remove')} onClick={() => update({ ...values, affiliates: values.affiliates.filter((_, j) => j !== i) })} sx={{ mt: 1 }}>
                <DeleteOutline />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <div>
          <Button startIcon={<Add />} onClick={() => update({ ...values, affiliates: [...values.affiliates, { affiliate_id: null, amount: '' }] })}>
            {t('offers.detail.addAffiliate')}
          </Button>
        </div>
      </Stack>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 3, mb: 1 }}>
        {t('offers.detail.byTier')}
      </Typography>
      <Stack spacing={1.5}>
        {values.tiers.map((row, i) => (
          <Grid container spacing={1.5} key={i} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <TextField
                id={`payout-tier-${i}`}
                label={t('offers.detail.tierId')}
                fullWidth
                value={row.tier_id}
                error={Boolean(errors[`tiers.${i}.tier_id`])}
                helperText={errors[`tiers.${i}.tier_id`] ?? (knownTiers.length ? t('offers.detail.tierIdHint', { tiers: knownTiers.join(', ') }) : undefined)}
                onChange={(e) => update({ ...values, tiers: values.tiers.map((r, j) => (j === i ? { ...r, tier_id: e.target.value } : r)) })}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 9, md: 4 }}>
              <TextField
                id={`payout-tier-amount-${i}`}
                label={t('offers.detail.amount')}
                fullWidth
                value={row.amount}
                error={Boolean(errors[`tiers.${i}.amount`])}
                helperText={errors[`tiers.${i}.amount`]}
                onChange={(e) => update({ ...values, tiers: values.tiers.map((r, j) => (j === i ? { ...r, amount: e.target.value } : r)) })}
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: adornment }}
              />
            </Grid>
            <Grid size={{ xs: 3, md: 1 }}>
              <IconButton aria-label={t('offers.detail.remove')} onClick={() => update({ ...values, tiers: values.tiers.filter((_, j) => j !== i) })} sx={{ mt: 1 }}>
                <DeleteOutline />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <div>
          <Button startIcon={<Add />} onClick={() => update({ ...values, tiers: [...values.tiers, { tier_id: '', amount: '' }] })}>
            {t('offers.detail.addTier')}
          </Button>
        </div>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={() => void submit()} loading={save.isPending}>
          {t('offers.detail.savePayouts')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /offers/{id} (staff, role admin): the offer with edit and archive, and its advanced settings: custom payouts per affiliate and per tier. */
export function OfferDetailPage({ id, canPickAffiliate }: { id: number; canPickAffiliate: boolean }) {
  const { t } = useTranslation();
  const offer = useOffer(id);
  const [editing, setEditing] = useState(false);
  const archive = useArchiveAction();
  const back = (
    <div>
      <Button component={RouterLink} to="/offers" startIcon={<ArrowBack />}>
        {t('offers.detail.back')}
      </Button>
    </div>
  );
  if (offer.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{offer.error.message || t('offers.detail.notFound')}</Alert>
      </Stack>
    );
  }
  if (offer.isPending) return <Skeleton variant="rounded" height={320} />;
  const o = offer.data;
  const line = (label: string, value: string) => (
    <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Grid>
  );
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      {back}
      <Paper variant="outlined" component="section" aria-label={t('offers.detail.summary')} sx={{ p: { xs: 2, md: 2.5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {o.name}
            </Typography>
            <Chip size="small" color={o.status === 'active' ? 'success' : 'default'} label={t(`offers.admin.statuses.${o.status}`)} />
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              {t('offers.edit')}
            </Button>
            <Button variant="outlined" color="warning" onClick={() => archive.request(o)}>
              {t(o.status === 'archived' ? 'offers.admin.restore' : 'offers.admin.archive')}
            </Button>
          </Stack>
        </Stack>
        <Grid container spacing={2}>
          {line(t('offers.site'), o.site.display_name)}
          {line(t('offers.admin.payoutType'), t(`offers.payoutTypes.${o.payout_type}`))}
          {line(t('offers.admin.defaultPayout'), payoutText(o, t, o.default_payout))}
          {line(t('offers.defaultLanding'), o.landing_page?.name ?? t('offers.none'))}
          {line(t('offers.admin.created'), formatDate(o.created_at))}
          {o.description ? line(t('offers.admin.description'), o.description) : null}
        </Grid>
      </Paper>
      <CustomPayouts key={JSON.stringify(o.custom_payouts ?? [])} offer={o} canPickAffiliate={canPickAffiliate} />
      {editing ? <OfferForm offer={o} onClose={() => setEditing(false)} /> : null}
      {archive.dialog}
    </Stack>
  );
}
