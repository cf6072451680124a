import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Banner } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCampaigns } from '../../../lib/queries/get-campaigns.ts';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { subKeys } from '../../../lib/sub-keys.ts';
import { useBannerCode } from '../api/get-banner-code.ts';

/**
 * The affiliate's embed code of a banner: an offer of its site, a campaign of that offer and sub IDs;
 * the server puts the tracking link in and escapes everything. Copy takes the HTML as shown.
 */
export function BannerCodeDialog({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const { t } = useTranslation();
  const offers = useOffers(banner.site.id);
  const campaigns = useCampaigns();
  const code = useBannerCode();
  const [offerId, setOfferId] = useState<number>();
  const [campaignId, setCampaignId] = useState<number>();
  const landingPages = useLandingPages(banner.site.id);
  const [landingPageId, setLandingPageId] = useState<number>();
  const [subs, setSubs] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ html: string; url: string }>();
  const chosenOffer = offerId ?? offers.data?.[0]?.id;
  const offerCampaigns = (campaigns.data ?? []).filter((c) => c.offer.id === chosenOffer);

  const make = async () => {
    if (!chosenOffer) return;
    try {
      const reply = await code.mutateAsync({
        id: banner.id,
        request: { offer_id: chosenOffer, campaign_id: campaignId ?? null, landing_page_id: landingPageId ?? null, ...Object.fromEntries(subKeys.map((k) => [k, subs[k]?.trim() || undefined])) },
      });
      setResult(reply);
    } catch (error) {
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  const copy = async () => {
    if (!result) return;
    if (await copyText(result.html)) notify.success(t('creatives.code.copied'));
    else notify.error(t('creatives.code.copyFailed'));
  };

  const change = (fn: () => void) => {
    fn();
    setResult(undefined);
  };

  return (
    <FormDialog id="banner-code" title={t('creatives.code.title', { name: banner.name })} onClose={onClose} onSubmit={() => void make()} saving={code.isPending} submitLabel={t('creatives.code.make')}>
      <Typography variant="body2" color="text.secondary">
        {t('creatives.code.intro')}
      </Typography>
      {offers.data && offers.data.length === 0 ? <Alert severity="info">{t('creatives.code.noOffers')}</Alert> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            id="banner-code-offer"
            label={t('creatives.code.offer')}
            required
            clearable={false}
            options={(offers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={chosenOffer ?? null}
            onChange={(v) => change(() => {
              setOfferId(v === null ? undefined : Number(v));
              setCampaignId(undefined);
            })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            id="banner-code-campaign"
            label={t('creatives.code.campaign')}
            options={offerCampaigns.map((c) => ({ value: c.id, label: c.name }))}
            value={campaignId ?? null}
            onChange={(v) => change(() => setCampaignId(v === null ? undefined : Number(v)))}
          />
        </Grid>
        <Grid size={12}>
          <SelectInput
            id="banner-code-landing-page"
            label={t('creatives.code.landingPage')}
            helperText={t('creatives.code.landingPageHint')}
            options={(landingPages.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={landingPageId ?? null}
            onChange={(v) => change(() => setLandingPageId(v === null ? undefined : Number(v)))}
          />
        </Grid>
        {subKeys.map((k, i) => (
          <Grid key={k} size={{ xs: 6, sm: 4 }}>
            <TextField id={`banner-code-${k}`} label={t('creatives.code.sub', { n: i + 1 })} value={subs[k] ?? ''} onChange={(e) => change(() => setSubs({ ...subs, [k]: e.target.value }))} fullWidth size="small" slotProps={{ htmlInput: { maxLength: 255 } }} />
          </Grid>
        ))}
      </Grid>
      {result ? (
        <Stack spacing={1.5}>
          <TextField id="banner-code-html" label={t('creatives.code.html')} value={result.html} multiline minRows={3} fullWidth slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }} />
          <Box>
            <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>
              {t('creatives.code.copy')}
            </Button>
          </Box>
          <TextField id="banner-code-link" label={t('creatives.code.link')} value={result.url} fullWidth size="small" slotProps={{ htmlInput: { readOnly: true } }} />
        </Stack>
      ) : null}
    </FormDialog>
  );
}
