import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { trackingLinkRequestSchema, trackingMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useCreateTrackingLink } from '../api/create-tracking-link.ts';
import { useCampaigns } from '../../../lib/queries/get-campaigns.ts';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { LinkField } from '../../../components/link-field.tsx';
import { SiteOfferPicker } from './site-offer-picker.tsx';
import { subKeys } from '../../../lib/sub-keys.ts';

const blank = { landing_page_id: null as number | null, campaign_id: null as number | null, deep_url: '', sub1: '', sub2: '', sub3: '', sub4: '', sub5: '' };

/** The Advanced tab: landing page, campaign, sub IDs or a deep link to a page of the offer's site, producing the link. */
export function LinkBuilder({ siteId, onSite }: { siteId: number | undefined; onSite: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const [offerId, setOfferId] = useState<number>();
  const form = useFormState(blank);
  const [link, setLink] = useState<string>();
  const sites = useSites();
  const offers = useOffers(siteId, { enabled: Boolean(siteId) });
  const landingPages = useLandingPages(siteId, Boolean(siteId));
  const campaigns = useCampaigns(true);
  const create = useCreateTrackingLink();
  const site = sites.data?.find((s) => s.id === siteId);
  const offer = offers.data?.find((o) => o.id === offerId);
  const offerCampaigns = (campaigns.data ?? []).filter((c) => c.offer.id === offerId);
  const { values, errors, set } = form;

  const pickSite = (id: number | undefined) => {
    onSite(id);
    setOfferId(undefined);
    form.setValues(blank);
    setLink(undefined);
  };

  const generate = async () => {
    if (!offerId) return;
    const request = form.validate(trackingLinkRequestSchema, {
      ...values,
      deep_url: values.deep_url.trim() === '' ? undefined : values.deep_url,
      ...Object.fromEntries(subKeys.map((k) => [k, values[k].trim() === '' ? undefined : values[k]])),
    });
    if (!request) return;
    try {
      const reply = await create.mutateAsync({ offerId, request: { ...request, landing_page_id: request.deep_url ? null : request.landing_page_id } });
      setLink(reply.url);
    } catch (error) {
      form.applyServerErrors(error);
      notify.error(trackingMessages.getLinkError);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('offers.builder.intro')}</Typography>
      <SiteOfferPicker
        siteId={siteId}
        onSite={pickSite}
        offerId={offerId}
        onOffer={(id) => {
          setOfferId(id);
          setLink(undefined);
        }}
        idPrefix="builder"
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelectInput
              id="builder-landing-page"
              label={t('offers.landingPage')}
              disabled={!offer || Boolean(values.deep_url.trim())}
              helperText={offer?.landing_page ? `${t('offers.defaultLanding')}: ${offer.landing_page.name}` : undefined}
              error={errors.landing_page_id}
              options={(landingPages.data ?? []).map((lp) => ({ value: lp.id, label: lp.name }))}
              value={values.landing_page_id}
              onChange={(v) => set('landing_page_id', v === null ? null : Number(v))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelectInput
              id="builder-campaign"
              label={t('offers.builder.campaign')}
              disabled={!offer}
              error={errors.campaign_id}
              options={offerCampaigns.map((c) => ({ value: c.id, label: c.name }))}
              value={values.campaign_id}
              onChange={(v) => set('campaign_id', v === null ? null : Number(v))}
            />
          </Grid>
          {subKeys.map((k, i) => (
            <Grid key={k} size={{ xs: 12, sm: 6, lg: 2.4 }}>
              <TextField
                label={t('offers.builder.sub', { n: i + 1 })}
                value={values[k]}
                disabled={!offer}
                fullWidth
                error={Boolean(errors[k])}
                helperText={errors[k]}
                onChange={(e) => set(k, e.target.value)}
                slotProps={{ htmlInput: { maxLength: 255 } }}
              />
            </Grid>
          ))}
          <Grid size={12}>
            <TextField
              label={t('offers.builder.deepUrl')}
              value={values.deep_url}
              disabled={!offer}
              fullWidth
              error={Boolean(errors.deep_url)}
              helperText={errors.deep_url ?? (site ? t('offers.builder.deepUrlHint', { url: site.url.replace(/\/+$/, '') }) : undefined)}
              onChange={(e) => set('deep_url', e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'url' } }}
            />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2.5, alignItems: { md: 'center' } }}>
          <Button variant="contained" onClick={() => void generate()} disabled={!offer} loading={create.isPending} sx={{ flexShrink: 0 }}>
            {t('offers.builder.generate')}
          </Button>
          {!offer ? (
            <Typography variant="body2" color="text.secondary">
              {t('offers.builder.chooseOffer')}
            </Typography>
          ) : null}
        </Stack>
        {link ? (
          <Stack sx={{ mt: 2.5 }}>
            <LinkField label={t('offers.trackingLink')} value={link} id="builder-link" />
          </Stack>
        ) : null}
      </Paper>
    </Stack>
  );
}
