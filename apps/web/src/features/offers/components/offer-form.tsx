import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { cpaGoals, type Offer, offerInputSchema, payoutTypes, trackingMessages } from '@portal/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useSaveOffer } from '../api/save-offer.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

const fields = ['site_id', 'name', 'description', 'payout_type', 'goal', 'default_payout', 'landing_page_id', 'fallback_url'] as const;

/** Create or edit an offer (staff): site, name, description, payout type, goal, default payout, default landing page. */
export function OfferForm({ offer, siteId, onClose }: { offer: Offer | undefined; siteId?: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOffer();
  const sites = useSites();
  const { control, handleSubmit, setError, setValue } = useForm<z.input<typeof offerInputSchema>, unknown, z.output<typeof offerInputSchema>>({
    resolver: zodResolver(offerInputSchema),
    defaultValues: {
      site_id: offer?.site.id ?? siteId ?? '',
      name: offer?.name ?? '',
      description: offer?.description ?? '',
      payout_type: offer?.payout_type ?? 'cpa',
      goal: offer?.goal ?? 'sale',
      default_payout: offer ? String(offer.default_payout) : '',
      landing_page_id: offer?.landing_page?.id ?? null,
      fallback_url: offer?.fallback_url ?? '',
    },
  });
  const [site, payoutType] = useWatch({ control, name: ['site_id', 'payout_type'] });
  const chosenSite = site === '' || site === null || site === undefined ? undefined : Number(site);
  const landingPages = useLandingPages(chosenSite, Boolean(chosenSite));
  const revshare = payoutType === 'revshare';

  const submit = handleSubmit(async (input) => {
    try {
      const reply = await save.mutateAsync({ id: offer?.id, input });
      notify.success(reply.message ?? (offer ? trackingMessages.offerUpdated : trackingMessages.offerCreated));
      onClose();
    } catch (error) {
      applyServerError(error, setError, fields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <FormDialog id="offer-form" title={t(offer ? 'offers.admin.editOffer' : 'offers.admin.newOffer')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <FormSelect
        control={control}
        name="site_id"
        id="offer-site"
        label={t('offers.site')}
        required
        options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
        onPicked={() => setValue('landing_page_id', null)}
      />
      <FormText control={control} name="name" id="offer-name" label={t('offers.admin.name')} required />
      <FormText control={control} name="description" id="offer-description" label={t('offers.admin.description')} multiline minRows={2} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            control={control}
            name="payout_type"
            id="offer-payout-type"
            label={t('offers.admin.payoutType')}
            required
            clearable={false}
            options={payoutTypes.map((p) => ({ value: p, label: t(`offers.payoutTypes.${p}`) }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            control={control}
            name="goal"
            id="offer-goal"
            label={t('offers.admin.goal')}
            clearable={false}
            disabled={revshare}
            options={cpaGoals.map((g) => ({ value: g, label: t(`offers.postbacks.goals.${g}`) }))}
          />
        </Grid>
      </Grid>
      <FormText
        control={control}
        name="default_payout"
        id="offer-default-payout"
        label={t('offers.admin.defaultPayout')}
        required
        helperText={t('offers.admin.defaultPayoutHint')}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: revshare ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <FormSelect
        control={control}
        name="landing_page_id"
        id="offer-landing-page"
        label={t('offers.defaultLanding')}
        disabled={!chosenSite}
        options={(landingPages.data ?? []).map((lp) => ({ value: lp.id, label: lp.name }))}
      />
      <FormText control={control} name="fallback_url" id="offer-fallback-url" label={t('offers.admin.fallbackUrl')} helperText={t('offers.admin.offerFallbackHint')} slotProps={{ htmlInput: { inputMode: 'url' } }} />
    </FormDialog>
  );
}
