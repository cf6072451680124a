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
import Typography from '@mui/material/Typography';
import { type Campaign, campaignInputSchema, trackingMessages } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSaveCampaign } from '../api/save-campaign.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { useFormState } from '../../../lib/use-form-state.ts';

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
  const form = useFormState<Values>(initial(campaign));
  const { values, errors, set } = form;
  const offers = useOffers(undefined);
  const save = useSaveCampaign();
  const offer = offers.data?.find((o) => o.id === values.offer_id);
  const siteId = offer?.site.id ?? campaign?.site.id;
  const landingPages = useLandingPages(siteId, Boolean(siteId));
  const lpOptions = (landingPages.data ?? []).map((lp) => ({ value: lp.id, label: lp.name }));
  const siteName = offer?.site.display_name ?? campaign?.site.display_name ?? '';
  const setGeo = (i: number, patch: Partial<GeoRow>) => set('geo_targeting', values.geo_targeting.map((g, j) => (j === i ? { ...g, ...patch } : g)));

  const submit = async () => {
    const input = form.validate(campaignInputSchema, {
      ...values,
      offer_id: values.offer_id ?? '',
      landing_page_id: values.destination_type === 'landing_page' ? values.landing_page_id : null,
      destination_url: values.destination_type === 'url' ? values.destination_url : '',
      geo_targeting: values.geo_targeting.map((g) => ({ ...g, landing_page_id: g.destination_type === 'landing_page' ? g.landing_page_id : null, url: g.destination_type === 'url' ? g.url : '' })),
    });
    if (!input) return;
    try {
      await save.mutateAsync({ id: campaign?.id, input });
      notify.success(campaign ? trackingMessages.campaignUpdated : trackingMessages.campaignCreated);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

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
          <TextField id="campaign-name" label={t('campaigns.fields.name')} required value={values.name} error={Boolean(errors.name)} helperText={errors.name} onChange={(e) => set('name', e.target.value)} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 7 }}>
              <SelectInput
                id="campaign-offer"
                label={t('campaigns.fields.offer')}
                required
                options={(offers.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.site.display_name})` }))}
                value={values.offer_id}
                error={errors.offer_id}
                onChange={(v) => {
                  form.setValues({ ...values, offer_id: v === null ? null : Number(v), landing_page_id: null, geo_targeting: values.geo_targeting.map((g) => ({ ...g, landing_page_id: null })) });
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <TextField id="campaign-site" label={t('campaigns.fields.site')} value={siteName} fullWidth helperText={t('campaigns.fields.siteHint')} slotProps={{ htmlInput: { readOnly: true } }} />
            </Grid>
          </Grid>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <SelectInput
                id="campaign-destination-type"
                label={t('campaigns.fields.destinationType')}
                required
                clearable={false}
                options={destinationTypes.map((d) => ({ value: d, label: t(`campaigns.destinationTypes.${d}`) }))}
                value={values.destination_type}
                onChange={(v) => set('destination_type', (v ?? 'landing_page') as DestinationType)}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              {values.destination_type === 'landing_page' ? (
                <SelectInput
                  id="campaign-landing-page"
                  label={t('campaigns.fields.landingPage')}
                  required
                  disabled={!siteId}
                  options={lpOptions}
                  value={values.landing_page_id}
                  error={errors.landing_page_id}
                  onChange={(v) => set('landing_page_id', v === null ? null : Number(v))}
                />
              ) : (
                <TextField
                  id="campaign-url"
                  label={t('campaigns.fields.url')}
                  required
                  fullWidth
                  value={values.destination_url}
                  error={Boolean(errors.destination_url)}
                  helperText={errors.destination_url ?? (siteName ? t('campaigns.fields.urlHint', { site: siteName }) : undefined)}
                  onChange={(e) => set('destination_url', e.target.value)}
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
            {errors.geo_targeting ? (
              <Typography variant="body2" color="error" role="alert">
                {errors.geo_targeting}
              </Typography>
            ) : null}
          </Box>
          {values.geo_targeting.map((g, i) => (
            <Grid container spacing={1.5} key={i} sx={{ alignItems: 'flex-start' }} data-testid="geo-row">
              <Grid size={{ xs: 12, sm: 3 }}>
                <TextField
                  id={`geo-country-${i}`}
                  label={t('campaigns.geo.country')}
                  fullWidth
                  value={g.country}
                  error={Boolean(errors[`geo_targeting.${i}.country`])}
                  helperText={errors[`geo_targeting.${i}.country`] ?? t('campaigns.geo.countryHint')}
                  onChange={(e) => setGeo(i, { country: e.target.value.toUpperCase().slice(0, 2) })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <SelectInput
                  id={`geo-type-${i}`}
                  label={t('campaigns.fields.destinationType')}
                  clearable={false}
                  options={destinationTypes.map((d) => ({ value: d, label: t(`campaigns.destinationTypes.${d}`) }))}
                  value={g.destination_type}
                  onChange={(v) => setGeo(i, { destination_type: (v ?? 'landing_page') as DestinationType })}
                />
              </Grid>
              <Grid size={{ xs: 10, sm: 5 }}>
                {g.destination_type === 'landing_page' ? (
                  <SelectInput
                    id={`geo-landing-page-${i}`}
                    label={t('campaigns.fields.landingPage')}
                    disabled={!siteId}
                    options={lpOptions}
                    value={g.landing_page_id}
                    error={errors[`geo_targeting.${i}.landing_page_id`]}
                    onChange={(v) => setGeo(i, { landing_page_id: v === null ? null : Number(v) })}
                  />
                ) : (
                  <TextField
                    id={`geo-url-${i}`}
                    label={t('campaigns.fields.url')}
                    fullWidth
                    value={g.url}
                    error={Boolean(errors[`geo_targeting.${i}.url`])}
                    helperText={errors[`geo_targeting.${i}.url`]}
                    onChange={(e) => setGeo(i, { url: e.target.value })}
                  />
                )}
              </Grid>
              <Grid size={{ xs: 2, sm: 1 }}>
                <IconButton aria-label={t('campaigns.geo.remove')} onClick={() => set('geo_targeting', values.geo_targeting.filter((_, j) => j !== i))} sx={{ mt: 1 }}>
                  <DeleteOutline />
                </IconButton>
              </Grid>
            </Grid>
          ))}
          <Stack direction="row">
            <Button
              startIcon={<Add />}
              disabled={values.geo_targeting.length >= 50}
              onClick={() => set('geo_targeting', [...values.geo_targeting, { country: '', destination_type: 'landing_page', landing_page_id: null, url: '' }])}
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
