import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { trackingMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkFailureMessage } from '../../../lib/link-failure.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCreateTrackingLink } from '../api/create-tracking-link.ts';
import { popCode } from '../lib/pop-code.ts';
import { LinkField } from '../../../components/link-field.tsx';
import { SiteOfferPicker } from './site-offer-picker.tsx';

/** The Pop code tab: a copyable popunder snippet that opens the affiliate's tracking link (docs/tracking-web.md). */
export function PopCodeTab({ siteId, onSite }: { siteId: number | undefined; onSite: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const [offerId, setOfferId] = useState<number>();
  const [code, setCode] = useState<string>();
  const create = useCreateTrackingLink();

  const generate = async () => {
    if (!offerId) return;
    try {
      const link = await create.mutateAsync({ offerId, request: { sub1: 'pop' } });
      setCode(popCode(link.url, link.code));
    } catch (error) {
      notify.error(linkFailureMessage(error, trackingMessages.getLinkError));
    }
  };

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('offers.pop.intro')}</Typography>
      <SiteOfferPicker
        siteId={siteId}
        onSite={(id) => {
          onSite(id);
          setOfferId(undefined);
          setCode(undefined);
        }}
        offerId={offerId}
        onOffer={(id) => {
          setOfferId(id);
          setCode(undefined);
        }}
        idPrefix="pop"
      />
      <div>
        <Button variant="contained" disabled={!offerId} loading={create.isPending} onClick={() => void generate()}>
          {t('offers.pop.generate')}
        </Button>
      </div>
      {code ? (
        <>
          <LinkField label={t('offers.pop.code')} value={code} multiline copyLabel={t('offers.pop.copyCode')} id="pop-code" />
          <Alert severity="info">{t('offers.pop.note')}</Alert>
        </>
      ) : null}
    </Stack>
  );
}
