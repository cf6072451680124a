import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { customPayoutsInputSchema, type Offer, trackingMessages } from '@portal/contracts';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import TextField from '@mui/material/TextField';
import { notify } from '../../../lib/notifications.tsx';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { useTierList } from '../../../lib/queries/get-tiers.ts';
import { payoutText } from '../lib/payout.ts';
import { useSaveOfferPayouts } from '../api/save-offer-payouts.ts';

type Input = z.input<typeof customPayoutsInputSchema>;
type Field = `affiliates.${number}.affiliate_id` | `affiliates.${number}.amount` | `tiers.${number}.tier_id` | `tiers.${number}.amount` | 'affiliates' | 'tiers';

/** The offer's custom payouts per affiliate and per tier (staff), saved all at once. */
export function CustomPayouts({ offer, canPickAffiliate }: { offer: Offer; canPickAffiliate: boolean }) {
  const { t } = useTranslation();
  const save = useSaveOfferPayouts();
  const affiliates = useAffiliateOptions(canPickAffiliate);
  const custom = offer.custom_payouts ?? [];
  const { control, handleSubmit, setError, formState } = useForm<Input, unknown, z.output<typeof customPayoutsInputSchema>>({
    resolver: zodResolver(customPayoutsInputSchema),
    defaultValues: {
      affiliates: custom.filter((c) => c.affiliate).map((c) => ({ affiliate_id: c.affiliate!.id, amount: String(c.amount) })),
      tiers: custom.filter((c) => c.tier).map((c) => ({ tier_id: c.tier!.id, amount: String(c.amount) })),
    },
  });
  const affiliateRows = useFieldArray({ control, name: 'affiliates' });
  const tierRows = useFieldArray({ control, name: 'tiers' });
  const tiers = useTierList();
  // The tiers by name (the default one said so); a tier already paid keeps its name while the list loads.
  const tierOptions = [
    ...(tiers.data ?? []).map((tier) => ({ value: tier.id, label: tier.is_default ? t('offers.detail.tierDefault', { name: tier.name }) : tier.name })),
    ...custom.filter((c) => c.tier && !(tiers.data ?? []).some((tier) => tier.id === c.tier!.id)).map((c) => ({ value: c.tier!.id, label: c.tier!.name })),
  ];
  const chosenTiers = useWatch({ control, name: 'tiers' });
  const tierCount = (id: unknown) => (tiers.data ?? []).find((tier) => String(tier.id) === String(id))?.affiliates_count;
  // Affiliates already named keep their name even when the picker list is not available.
  const affiliateOptions = [
    ...(affiliates.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` })),
    ...custom.filter((c) => c.affiliate && !(affiliates.data ?? []).some((a) => a.id === c.affiliate!.id)).map((c) => ({ value: c.affiliate!.id, label: `${c.affiliate!.name} (${c.affiliate!.email})` })),
  ];
  const adornment = offer.payout_type === 'revshare' ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : { startAdornment: <InputAdornment position="start">$</InputAdornment> };
  const listError = formState.errors.affiliates?.message ?? formState.errors.affiliates?.root?.message;

  const submit = handleSubmit(async (input) => {
    try {
      const reply = await save.mutateAsync({ id: offer.id, input });
      notify.success(reply.message ?? trackingMessages.offerUpdated);
    } catch (error) {
      const fields: Field[] = [
        'affiliates',
        'tiers',
        ...affiliateRows.fields.flatMap((_, i) => [`affiliates.${i}.affiliate_id`, `affiliates.${i}.amount`] as const),
        ...tierRows.fields.flatMap((_, i) => [`tiers.${i}.tier_id`, `tiers.${i}.amount`] as const),
      ];
      applyServerError(error, setError, fields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

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
      {listError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {listError}
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('offers.detail.byAffiliate')}
      </Typography>
      <Stack spacing={1.5}>
        {affiliateRows.fields.map((row, i) => (
          <Grid container spacing={1.5} key={row.id} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              {canPickAffiliate ? (
                <FormSelect control={control} name={`affiliates.${i}.affiliate_id`} id={`payout-affiliate-${i}`} label={t('offers.detail.affiliate')} options={affiliateOptions} />
              ) : (
                <Controller
                  control={control}
                  name={`affiliates.${i}.affiliate_id`}
                  render={({ field, fieldState }) => (
                    <TextField
                      id={`payout-affiliate-${i}`}
                      label={t('offers.detail.affiliateId')}
                      fullWidth
                      inputRef={field.ref}
                      value={field.value ?? ''}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(/^\d+$/.test(e.target.value) ? Number(e.target.value) : null)}
                    />
                  )}
                />
              )}
            </Grid>
            <Grid size={{ xs: 9, md: 4 }}>
              <FormText control={control} name={`affiliates.${i}.amount`} id={`payout-affiliate-amount-${i}`} label={t('offers.detail.amount')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' }, input: adornment }} />
            </Grid>
            <Grid size={{ xs: 3, md: 1 }}>
              <IconButton aria-label={t('offers.detail.remove')} onClick={() => affiliateRows.remove(i)} sx={{ mt: 1 }}>
                <DeleteOutline />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <div>
          <Button startIcon={<Add />} onClick={() => affiliateRows.append({ affiliate_id: '', amount: '' }, { shouldFocus: false })}>
            {t('offers.detail.addAffiliate')}
          </Button>
        </div>
      </Stack>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 3 }}>
        {t('offers.detail.byTier')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('offers.detail.byTierHint', { payout: payoutText(offer, t, offer.default_payout) })}
      </Typography>
      <Stack spacing={1.5}>
        {tierRows.fields.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('offers.detail.noTierPayouts')}
          </Typography>
        ) : null}
        {tierRows.fields.map((row, i) => (
          <Grid container spacing={1.5} key={row.id} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <FormSelect
                control={control}
                name={`tiers.${i}.tier_id`}
                id={`payout-tier-${i}`}
                label={t('offers.detail.tier')}
                options={tierOptions}
                helperText={tierCount(chosenTiers?.[i]?.tier_id) === undefined ? undefined : t('offers.detail.tierAffiliates', { count: tierCount(chosenTiers?.[i]?.tier_id) })}
              />
            </Grid>
            <Grid size={{ xs: 9, md: 4 }}>
              <FormText control={control} name={`tiers.${i}.amount`} id={`payout-tier-amount-${i}`} label={t('offers.detail.amount')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' }, input: adornment }} />
            </Grid>
            <Grid size={{ xs: 3, md: 1 }}>
              <IconButton aria-label={t('offers.detail.remove')} onClick={() => tierRows.remove(i)} sx={{ mt: 1 }}>
                <DeleteOutline />
              </IconButton>
            </Grid>
          </Grid>
        ))}
        <div>
          <Button startIcon={<Add />} onClick={() => tierRows.append({ tier_id: '', amount: '' }, { shouldFocus: false })}>
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
