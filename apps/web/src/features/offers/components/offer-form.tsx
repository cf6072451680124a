import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { cpaGoals, type Offer, offerInputSchema, payoutTypes, trackingMessages } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useSaveOffer } from '../api/save-offer.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

/** Create or edit an offer (staff): site, name, description, payout type, goal, default payout, default landing page. */
export function OfferForm({ offer, siteId, onClose }: { offer: Offer | undefined; siteId?: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOffer();
  const sites = useSites();
  const form = useFormState({
    site_id: (offer?.site.id ?? siteId ?? null) as number | null,
    name: offer?.name ?? '',
    description: offer?.description ?? '',
    payout_type: (offer?.payout_type ?? 'cpa') as (typeof payoutTypes)[number],
    goal: (offer?.goal ?? 'sale') as (typeof cpaGoals)[number],
    default_payout: offer ? String(offer.default_payout) : '',
    landing_page_id: (offer?.landing_page?.id ?? null) as number | null,
  });
  const { values, errors, set } = form;
  const landingPages = useLandingPages(values.site_id ?? undefined, Boolean(values.site_id));
  const revshare = values.payout_type === 'revshare';

  const submit = async () => {
    const input = form.validate(offerInputSchema);
    if (!input) return;
    try {
      const reply = await save.mutateAsync({ id: offer?.id, input });
      notify.success(reply.message ?? (offer ? trackingMessages.offerUpdated : trackingMessages.offerCreated));
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <FormDialog id="offer-form" title={t(offer ? 'offers.admin.editOffer' : 'offers.admin.newOffer')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <SelectInput
        id="offer-site"
        label={t('offers.site')}
        required
        options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
        value={values.site_id}
        error={errors.site_id}
        onChange={(v) => {
          set('site_id', v === null ? null : Number(v));
          set('landing_page_id', null);
        }}
      />
      <TextField id="offer-name" label={t('offers.admin.name')} required value={values.name} error={Boolean(errors.name)} helperText={errors.name} onChange={(e) => set('name', e.target.value)} />
      <TextField id="offer-description" label={t('offers.admin.description')} multiline minRows={2} value={values.description} error={Boolean(errors.description)} helperText={errors.description} onChange={(e) => set('description', e.target.value)} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            id="offer-payout-type"
            label={t('offers.admin.payoutType')}
            required
            clearable={false}
            options={payoutTypes.map((p) => ({ value: p, label: t(`offers.payoutTypes.${p}`) }))}
            value={values.payout_type}
            error={errors.payout_type}
            onChange={(v) => set('payout_type', (v ?? 'cpa') as typeof values.payout_type)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            id="offer-goal"
            label={t('offers.admin.goal')}
            clearable={false}
            disabled={revshare}
            options={cpaGoals.map((g) => ({ value: g, label: t(`offers.postbacks.goals.${g}`) }))}
            value={values.goal}
            error={errors.goal}
            onChange={(v) => set('goal', (v ?? 'sale') as typeof values.goal)}
          />
        </Grid>
      </Grid>
      <TextField
        id="offer-default-payout"
        label={t('offers.admin.defaultPayout')}
        required
        value={values.default_payout}
        error={Boolean(errors.default_payout)}
        helperText={errors.default_payout ?? t('offers.admin.defaultPayoutHint')}
        onChange={(e) => set('default_payout', e.target.value)}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: revshare ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <SelectInput
        id="offer-landing-page"
        label={t('offers.defaultLanding')}
        disabled={!values.site_id}
        options={(landingPages.data ?? []).map((lp) => ({ value: lp.id, label: lp.name }))}
        value={values.landing_page_id}
        error={errors.landing_page_id}
        onChange={(v) => set('landing_page_id', v === null ? null : Number(v))}
      />
    </FormDialog>
  );
}
