import Box from '@mui/material/Box';
import Link from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Offer, trackingMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkFailureMessage } from '../../../lib/link-failure.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCreateTrackingLink } from '../api/create-tracking-link.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { payoutText } from '../lib/payout.ts';
import { copyWithNotice, LinkField } from '../../../components/link-field.tsx';
import { SiteOfferPicker } from './site-offer-picker.tsx';

function OfferCard({ offer, showSite }: { offer: Offer; showSite: boolean }) {
  const { t } = useTranslation();
  const create = useCreateTrackingLink();
  const [link, setLink] = useState<string>();

  // One click: the link is made (the same offer always answers the same link), shown and copied.
  const getLink = async () => {
    if (link) return copyWithNotice(link, t);
    try {
      const { url } = await create.mutateAsync({ offerId: offer.id });
      setLink(url);
      await copyWithNotice(url, t);
    } catch (error) {
      notify.error(linkFailureMessage(error, trackingMessages.offerLinkError));
    }
  };

  return (
    <Paper variant="outlined" component="article" aria-label={offer.name} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      {offer.logo ? <Box component="img" src={offer.logo.url} alt="" width={160} height={32} loading="lazy" sx={{ height: 32, width: 'auto', maxWidth: '100%', objectFit: 'contain', alignSelf: 'flex-start' }} /> : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {offer.name}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {offer.capped ? <Chip size="small" color="warning" label={t('offers.caps.capped')} /> : null}
          <Chip size="small" label={t(`offers.payoutTypes.${offer.payout_type}`)} variant="outlined" />
        </Stack>
      </Stack>
      {showSite ? (
        <Typography variant="body2" color="text.secondary" data-testid="offer-site" sx={{ mt: -1, overflowWrap: 'anywhere' }}>
          {offer.site.display_name}
        </Typography>
      ) : null}
      {offer.capped ? (
        <Typography variant="body2" color="warning.main" data-testid="offer-capped">
          {offer.capped.reopens_at ? t('offers.caps.cappedUntil', { at: formatDateTime(offer.capped.reopens_at) }) : t('offers.caps.cappedForGood')}
        </Typography>
      ) : null}
      {offer.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {offer.description}
        </Typography>
      ) : null}
      <Stack spacing={0.5}>
        <Typography variant="body2">
          <Typography component="span" variant="body2" color="text.secondary">
            {t('offers.yourPayout')}:{' '}
          </Typography>
          <strong data-testid="offer-payout">{payoutText(offer, t)}</strong>
        </Typography>
        {offer.landing_page ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('offers.landingPage')}: {offer.landing_page.name}
          </Typography>
        ) : null}
      </Stack>
      <Stack spacing={1.5} sx={{ mt: 'auto' }}>
        {link ? <LinkField label={t('offers.trackingLink')} value={link} id={`offer-link-${offer.id}`} /> : null}
        <Button variant={link ? 'outlined' : 'contained'} startIcon={<Link />} onClick={() => void getLink()} loading={create.isPending}>
          {link ? t('offers.copyLink') : t('offers.getLink')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The List tab: every offer of every site the affiliate may promote, with your payout (each card names its
 * site), narrowed to one site when one is chosen; get and copy a tracking link in one click.
 */
export function OfferList({ siteId, onSite }: { siteId: number | undefined; onSite: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const offers = useOffers(siteId);
  return (
    <Stack spacing={2.5}>
      <SiteOfferPicker siteId={siteId} onSite={onSite} idPrefix="offers-list" emptyHint={t('offers.allSites')} />
      {offers.isError ? (
        <Alert severity="error" action={<Button onClick={() => void offers.refetch()}>{t('offers.retry')}</Button>}>
          {t('offers.loadError')}
        </Alert>
      ) : offers.isPending ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={200} />
            </Grid>
          ))}
        </Grid>
      ) : offers.data.length === 0 ? (
        <Typography color="text.secondary">{siteId ? t('offers.noOffers') : t('offers.noOffersAnySite')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {offers.data.map((offer) => (
            <Grid key={offer.id} size={{ xs: 12, md: 6, lg: 4 }}>
              <OfferCard offer={offer} showSite={!siteId && !offer.logo} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
