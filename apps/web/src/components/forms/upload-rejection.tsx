import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { acceptHint, formatBytes, type UploadRule } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications.tsx';

/**
 * What a person sees when a picked file breaks the field's rule: a popup naming the requirement
 * (fields that ask for it, such as the logo), otherwise the alert "The file does not meet the requirements".
 */
export function useUploadRejection(rule: UploadRule, popup: boolean) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const reject = () => (popup ? setOpen(true) : notify.error(t('forms.upload.invalid')));
  const dialog = (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="upload-requirement-title">
      <DialogTitle id="upload-requirement-title">{t('forms.upload.requirementTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('forms.upload.requirement', { types: acceptHint(rule), size: formatBytes(rule.maxBytes) })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)} autoFocus>
          {t('forms.upload.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { reject, dialog };
}
