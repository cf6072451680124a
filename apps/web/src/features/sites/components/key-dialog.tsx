import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LinkField } from '../../../components/link-field.tsx';

/** A site's API key, shown this once (create and rotate), with a copy button. */
export function KeyDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open aria-labelledby="site-key-title" fullWidth maxWidth="sm">
      <DialogTitle id="site-key-title">{t('offers.admin.keyTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('offers.admin.keyText')}</Alert>
          <LinkField label={t('offers.admin.apiKey')} value={apiKey} copyLabel={t('offers.copy')} id="site-api-key" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('offers.admin.keyDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
