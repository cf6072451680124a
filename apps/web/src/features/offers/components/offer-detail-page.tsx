import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useOffer } from '../api/get-offer.ts';
import { payoutText } from '../lib/payout.ts';
import { CustomPayouts } from './custom-payouts.tsx';
import { OfferCaps } from './offer-caps.tsx';
import { OfferForm } from './offer-form.tsx';
import { OfferLogo } from './offer-logo.tsx';
import { useArchiveAction } from './offers-admin.tsx';

/** /offers/{id} (staff, role admin): the offer with edit and archive, and its advanced settings: custom payouts per affiliate and per tier. */
export function OfferDetailPage({ id, canPickAffiliate, fraudRules }: { id: number; canPickAffiliate: boolean; /** The Fraud rules section, for staff with fraud. */ fraudRules?: React.ReactNode }) {
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
          {line(t('offers.admin.fallbackUrl'), o.fallback_url ?? t('offers.none'))}
          {line(t('offers.admin.created'), formatDate(o.created_at))}
          {o.description ? line(t('offers.admin.description'), o.description) : null}
        </Grid>
        <Box sx={{ mt: 2 }}>
          <OfferLogo offer={o} />
        </Box>
      </Paper>
      <OfferCaps offer={o} canPickAffiliate={canPickAffiliate} />
      <CustomPayouts key={JSON.stringify(o.custom_payouts ?? [])} offer={o} canPickAffiliate={canPickAffiliate} />
      {fraudRules}
      {editing ? <OfferForm offer={o} onClose={() => setEditing(false)} /> : null}
      {archive.dialog}
    </Stack>
  );
}
