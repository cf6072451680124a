import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notifications.tsx';
import { copyText } from '../lib/clipboard.ts';

/** Copies and says so; when the browser refuses, asks the person to copy the shown text by hand. */
export async function copyWithNotice(text: string, t: (key: string) => string): Promise<void> {
  if (await copyText(text)) notify.success(t('offers.copied'));
  else notify.info(t('offers.copyFailed'));
}

export interface LinkFieldProps {
  label: string;
  value: string;
  /** A snippet of several lines (pop code). */
  multiline?: boolean;
  copyLabel?: string;
  id?: string;
}

/** A read-only field with a copy button: the link stays visible and selectable even where copying is blocked. */
export function LinkField({ label, value, multiline = false, copyLabel, id }: LinkFieldProps) {
  const { t } = useTranslation();
  const copy = copyLabel ?? t('offers.copyLink');
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 6 : undefined}
      onFocus={(e) => e.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: multiline ? 13 : undefined } },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={multiline ? { alignSelf: 'flex-start', mt: 1 } : undefined}>
              <Tooltip title={copy}>
                <IconButton aria-label={copy} edge="end" onClick={() => void copyWithNotice(value, t)}>
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
