import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MB, type Offer, UPLOAD_MAX_BYTES } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useSaveOfferLogo } from '../api/save-offer-logo.ts';

const accept = '.svg,.jpg,.jpeg,.png,.gif,image/svg+xml,image/jpeg,image/png,image/gif';
/** SPEC.md section 5: a logo svg up to 1 MB; other images up to the 2 MB default (the server checks content). */
const fits = (f: File) => (/\.svg$/i.test(f.name) ? f.size <= MB : /\.(jpe?g|png|gif)$/i.test(f.name) && f.size <= UPLOAD_MAX_BYTES);

/** The offer's logo on its detail page (staff): its own, or its site's when it has none; replace or remove. */
export function OfferLogo({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveOfferLogo();
  const run = async (file: File | null) => {
    if (file && !fits(file)) return notify.error(t('forms.upload.invalid'));
    try {
      await save.mutateAsync({ id: offer.id, file });
      notify.success(t('offers.logo.saved'));
    } catch (error) {
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box sx={{ width: 180, height: 56, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
        {offer.logo ? <Box component="img" src={offer.logo.url} alt={t('offers.logo.alt', { name: offer.name })} sx={{ maxHeight: 40, maxWidth: '100%', objectFit: 'contain' }} /> : <Typography variant="body2" color="text.secondary">{t('offers.logo.none')}</Typography>}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button component="label" htmlFor={id} variant="outlined" size="small" loading={save.isPending}>
          {t('offers.logo.upload')}
          <input id={id} type="file" accept={accept} hidden onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void run(f); }} />
        </Button>
        <Button size="small" onClick={() => void run(null)} disabled={save.isPending}>
          {t('offers.logo.remove')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('offers.logo.hint')}
      </Typography>
    </Stack>
  );
}
