import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { type Campaign, campaignInputSchema, trackingMessages } from '@portal/contracts';
import { Controller, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSaveCampaign } from '../api/save-campaign.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';

type DestinationType = 'landing_page' | 'url';
interface GeoRow {
  country: string;
  destination_type: DestinationType;
  landing_page_id: number | null;
  url: string;
}
interface Values {
  name: string;
  offer_id: number | null;
  destination_type: DestinationType;
  landing_page_id: number | null;
  destination_url: string;
  geo_targeting: GeoRow[];
}
type Output = z.output<typeof campaignInputSchema>;

/** What is checked and sent: only the destination each choice uses (the other may hold an old value). */
const chosen = (v: Values): z.input<typeof campaignInputSchema> => ({
  ...v,
  offer_id: v.offer_id ?? '',
  landing_page_id: v.destination_type === 'landing_page' ? v.landing_page_id : null,
  destination_url: v.destination_type === 'url' ? v.destination_url : '',
  geo_targeting: v.geo_targeting.map((g) => ({ ...g, landing_page_id: g.destination_type === 'landing_page' ? g.landing_page_id : null, url: g.destination_type === 'url' ? g.url : '' })),
});
const checkCampaign = zodResolver(campaignInputSchema);
const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
  (checkCampaign as unknown as Resolver<z.input<typeof campaignInputSchema>, unknown, Output>)(chosen(values), context, options as never) as unknown as ReturnType<Resolver<Values, unknown, Output>>;

const destinationTypes: DestinationType[] = ['landing_page', 'url'];

function initial(c: Campaign | undefined): Values {
  return {
    name: c?.name ?? '',
    offer_id: c?.offer.id ?? null,
    destination_type: c?.destination_type ?? 'landing_page',
    landing_page_id: c?.landing_page_id ?? null,
    destination_url: c?.destination_url ?? '',
    geo_targeting: (c?.geo_targeting ?? []).map((g) => ({ country: g.country, destination_type: g.destination_type, landing_page_id: g.landing_page_id ?? null, url: g.url ?? '' })),
  };
}

/** Create or edit a campaign: name, offer (the site follows), destination (landing page or URL) and per-country destinations. */
export function CampaignForm({ campaign, onClose }: { campaign: Campaign | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<Values, unknown, Output>({ resolver, defaultValues: initial(campaign) });
  const geo = useFieldArray({ control, name: 'geo_targeting' });
  const [offerId, destinationType, geoRows] = useWatch({ control, name: ['offer_id', 'destination_type', 'geo_targeting'] });
  const offers = useOffers(undefined);
  const save = useSaveCampaign();
  const offer = offers.data?.find((o) => o.id === offerId);
  const siteId = offer?.site.id ?? campaign?.site.id;
  const landingPages = useLandingPages(siteId, Boolean(siteId));
  const lpOptions = (landingPages.data ?? []).map((lp) => ({ value: lp.id, label: lp.name }));
  const siteName = offer?.site.display_name ?? campaign?.site.display_name ?? '';
  const geoError = formState.errors.geo_targeting?.message ?? formState.errors.geo_targeting?.root?.message;

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: campaign?.id, input });
      notify.success(campaign ? trackingMessages.campaignUpdated : trackingMessages.campaignCreated);
      onClose();
    } catch (error) {
      const geoFields = getValues('geo_targeting').flatMap((_, i) => [`geo_targeting.${i}.country`, `geo_targeting.${i}.landing_page_id`, `geo_targeting.${i}.url`] as const);
      applyServerError(error, setError, ['name', 'offer_id', 'destination_type', 'landing_page_id', 'destination_url', 'geo_targeting', ...geoFields]);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="campaign-form-title" scroll="body">
      <DialogTitle id="campaign-form-title" sx={{ pr: 6 }}>
        {t(campaign ? 'campaigns.editTitle' : 'campaigns.createTitle')}
        <IconButton aria-label={t('campaigns.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box component="form" id="campaign-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormText control={control} name="name" id="campaign-name" label={t('campaigns.fields.name')} required />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 7 }}>
              <FormSelect
                control={control}
                name="offer_id"
                id="campaign-offer"
                label={t('campaigns.fields.offer')}
                required
                options={(offers.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.site.display_name})` }))}
                onPicked={() => {
                  // Landing pages belong to the offer's site: a new offer starts them over.
                  setValue('landing_page_id', null);
                  getValues('geo_targeting').forEach((_, i) => setValue(`geo_targeting.${i}.landing_page_id`, null));
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <TextField id="campaign-site" label={t('campaigns.fields.site')} value={siteName} fullWidth helperText={t('campaigns.fields.siteHint')} slotProps={{ htmlInput: { readOnly: true } }} />
            </Grid>
          </Grid>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <FormSelect
                control={control}
                name="destination_type"
                id="campaign-destination-type"
                label={t('campaigns.fields.destinationType')}
                required
                clearable={false}
                options={destinationTypes.map((d) => ({ value: d, label: t(`campaigns.destinationTypes.${d}`) }))}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              {destinationType === 'landing_page' ? (
                <FormSelect control={control} name="landing_page_id" id="campaign-landing-page" label={t('campaigns.fields.landingPage')} required disabled={!siteId} options={lpOptions} />
              ) : (
                <FormText
                  control={control}
                  name="destination_url"
                  id="campaign-url"
                  label={t('campaigns.fields.url')}
                  required
                  fullWidth
                  helperText={siteName ? t('campaigns.fields.urlHint', { site: siteName }) : undefined}
                  slotProps={{ htmlInput: { inputMode: 'url' } }}
                />
              )}
            </Grid>
          </Grid>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('campaigns.geo.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('campaigns.geo.intro')}
            </Typography>
            {geoError ? (
              <Typography variant="body2" color="error" role="alert">
                {geoError}
              </Typography>
            ) : null}
          </Box>
          {geo.fields.map((row, i) => (
            <Grid container spacing={1.5} key={row.id} sx={{ alignItems: 'flex-start' }} data-testid="geo-row">
              <Grid size={{ xs: 12, sm: 3 }}>
                <Controller
                  control={control}
                  name={`geo_targeting.${i}.country`}
                  render={({ field, fieldState }) => (
                    <TextField
                      id={`geo-country-${i}`}
                      label={t('campaigns.geo.country')}
                      fullWidth
                      inputRef={field.ref}
                      value={field.value}
                      onBlur={field.onBlur}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? t('campaigns.geo.countryHint')}
                      onChange={(e) => field.onChange(e.target.value.toUpperCase().slice(0, 2))}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <FormSelect
                  control={control}
                  name={`geo_targeting.${i}.destination_type`}
                  id={`geo-type-${i}`}
                  label={t('campaigns.fields.destinationType')}
                  clearable={false}
                  options={destinationTypes.map((d) => ({ value: d, label: t(`campaigns.destinationTypes.${d}`) }))}
                />
              </Grid>
              <Grid size={{ xs: 10, sm: 5 }}>
                {geoRows[i]?.destination_type === 'url' ? (
                  <FormText control={control} name={`geo_targeting.${i}.url`} id={`geo-url-${i}`} label={t('campaigns.fields.url')} fullWidth />
                ) : (
                  <FormSelect control={control} name={`geo_targeting.${i}.landing_page_id`} id={`geo-landing-page-${i}`} label={t('campaigns.fields.landingPage')} disabled={!siteId} options={lpOptions} />
                )}
              </Grid>
              <Grid size={{ xs: 2, sm: 1 }}>
                <IconButton aria-label={t('campaigns.geo.remove')} onClick={() => geo.remove(i)} sx={{ mt: 1 }}>
                  <DeleteOutline />
                </IconButton>
              </Grid>
            </Grid>
          ))}
          <Stack direction="row">
            <Button
              startIcon={<Add />}
              disabled={geo.fields.length >= 50}
              onClick={() => geo.append({ country: '', destination_type: 'landing_page', landing_page_id: null, url: '' })}
            >
              {t('campaigns.geo.add')}
            </Button>
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('campaigns.cancel')}</Button>
        <Button variant="contained" type="submit" form="campaign-form" loading={save.isPending}>
          {t('campaigns.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
