import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  id: string;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  children: ReactNode;
  submitLabel?: string;
  /** A destructive submit (reject) is red. */
  danger?: boolean;
}

/** A dialog holding one form: title with a close button, the fields, Cancel and Save. */
export function FormDialog({ id, title, onClose, onSubmit, saving, children, submitLabel, danger }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`} scroll="body">
      <DialogTitle id={`${id}-title`} sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('offers.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={id}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          {children}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('offers.cancel')}</Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} type="submit" form={id} loading={saving}>
          {submitLabel ?? t('offers.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
