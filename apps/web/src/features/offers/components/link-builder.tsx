import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { trackingLinkRequestSchema, trackingMessages } from '@portal/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { linkFailureMessage } from '../../../lib/link-failure.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCreateTrackingLink } from '../api/create-tracking-link.ts';
import { useCampaigns } from '../../../lib/queries/get-campaigns.ts';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { LinkField } from '../../../components/link-field.tsx';
import { SiteOfferPicker } from './site-offer-picker.tsx';
import { subKeys } from '../../../lib/sub-keys.ts';

type Input = z.input<typeof trackingLinkRequestSchema>;
const blank: Input = { landing_page_id: null, campaign_id: null, deep_url: '', sub1: '', sub2: '', sub3: '', sub4: '', sub5: '' };
const fields = ['landing_page_id', 'campaign_id', 'deep_url', ...subKeys] as const;
/** A blank sub ID is left out of the request. */
const filled = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? undefined : v);

/** The Advanced tab: landing page, campaign, sub IDs or a deep link to a page of the offer's site, producing the link. */
export function LinkBuilder({ siteId, onSite, landingPageId }: { siteId: number | undefined; onSite: (id: number | undefined) => void; landingPageId?: number | undefined }) {
  const { t } = useTranslation();
  const [pickedOfferId, setOfferId] = useState<number>();
  const { control, handleSubmit, setError, reset } = useForm<Input, unknown, z.output<typeof trackingLinkRequestSchema>>({
    resolver: zodResolver(trackingLinkRequestSchema),
    defaultValues: { ...blank, landing_page_id: landingPageId ?? null },
  });
  const deepUrl = useWatch({ control, name: 'deep_url' });
  const [link, setLink] = useState<string>();
  const sites = useSites();
  const offers = useOffers(siteId, { enabled: Boolean(siteId) });
  // Opened from a landing page ("use this page" on Creatives): the site's first offer until one is picked.
  const offerId = pickedOfferId ?? (landingPageId ? offers.data?.[0]?.id : undefined);
  const landingPages = useLandingPages(siteId, Boolean(siteId));
  const campaigns = useCampaigns(true);
  const create = useCreateTrackingLink();
  const site = sites.data?.find((s) => s.id === siteId);
  const offer = offers.data?.find((o) => o.id === offerId);
  const offerCampaigns = (campaigns.data ?? []).filter((c) => c.offer.id === offerId);

  const pickSite = (id: number | undefined) => {
    onSite(id);
    setOfferId(undefined);
    reset(blank);
    setLink(undefined);
  };

  const generate = handleSubmit(async (request) => {
    if (!offerId) return;
    try {
      const subs = Object.fromEntries(subKeys.map((k) => [k, filled(request[k])]));
      const reply = await create.mutateAsync({ offerId, request: { ...request, ...subs, landing_page_id: request.deep_url ? null : request.landing_page_id } });
      setLink(reply.url);
    } catch (error) {
      applyServerError(error, setError, fields);
      notify.error(linkFailureMessage(error, trackingMessages.getLinkError));
    }
  });

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
            <FormSelect
              control={control}
              name="landing_page_id"
              id="builder-landing-page"
              label={t('offers.landingPage')}
              disabled={!offer || Boolean(String(deepUrl ?? '').trim())}
              helperText={offer?.landing_page ? `${t('offers.defaultLanding')}: ${offer.landing_page.name}` : undefined}
              options={(landingPages.data ?? []).map((lp) => ({ value: lp.id, label: lp.name }))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormSelect
              control={control}
              name="campaign_id"
              id="builder-campaign"
              label={t('offers.builder.campaign')}
              disabled={!offer}
              options={offerCampaigns.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Grid>
          {subKeys.map((k, i) => (
            <Grid key={k} size={{ xs: 12, sm: 6, lg: 2.4 }}>
              <FormText
                control={control}
                name={k}
                label={t('offers.builder.sub', { n: i + 1 })}
                disabled={!offer}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 255 } }}
              />
            </Grid>
          ))}
          <Grid size={12}>
            <FormText
              control={control}
              name="deep_url"
              label={t('offers.builder.deepUrl')}
              disabled={!offer}
              fullWidth
              helperText={site ? t('offers.builder.deepUrlHint', { url: site.url.replace(/\/+$/, '') }) : undefined}
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
