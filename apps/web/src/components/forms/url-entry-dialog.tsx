import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { urlEntry } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UrlEntryDialogProps {
  open: boolean;
  initialValue?: string;
  onClose: () => void;
  /** Receives the trimmed link; '' means "no link". */
  onSave: (url: string) => void;
  /** Offer "Remove link" (the editor's link dialog on an existing link). */
  removable?: boolean;
}

const rule = urlEntry();

/** Url entry dialog: the url-entry rule of SPEC.md section 5 (absolute http/https/ftp to a public host, or relative from /). */
export function UrlEntryDialog({ open, ...rest }: UrlEntryDialogProps) {
  // Mounting the body on open starts every entry from the given value.
  return <Dialog open={open} onClose={rest.onClose} fullWidth maxWidth="sm" aria-labelledby="url-entry-title">{open ? <UrlEntryBody {...rest} /> : undefined}</Dialog>;
}

function UrlEntryBody({ initialValue = '', onClose, onSave, removable }: Omit<UrlEntryDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string>();

  function save() {
    const result = rule.safeParse(value);
    if (!result.success) return setError(result.error.issues[0]?.message);
    onSave(result.data);
    onClose();
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <DialogTitle id="url-entry-title">{t('forms.urlEntry.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('forms.urlEntry.label')}
          placeholder={t('forms.urlEntry.placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          onBlur={() => setValue((v) => v.trim())}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url', spellCheck: false } }}
        />
      </DialogContent>
      <DialogActions>
        {removable ? (
          <Button
            color="error"
            onClick={() => {
              onSave('');
              onClose();
            }}
            sx={{ mr: 'auto' }}
          >
            {t('forms.urlEntry.remove')}
          </Button>
        ) : undefined}
        <Button onClick={onClose}>{t('forms.urlEntry.cancel')}</Button>
        <Button type="submit" variant="contained">
          {t('forms.urlEntry.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
