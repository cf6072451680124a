import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { acceptHint, FILE_NAME_MAX_SINGLE, formatBytes, type UploadRule, uploadRules } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications.tsx';
import { MediaViewer } from './media-viewer.tsx';
import { acceptAttribute, fileMeetsRule } from './upload-checks.ts';
import { type StoredFile, UploadItem, type UploadValue } from './upload-item.tsx';
import { useUploadRejection } from './upload-rejection.tsx';

export interface FileUploadProps {
  label: string;
  value: UploadValue | null | undefined;
  onChange: (value: UploadValue | null) => void;
  /** Accepted types and size (default: images up to 2 MB). */
  rule?: UploadRule;
  /** Show the requirement in a popup instead of the short alert. */
  requirementPopup?: boolean;
  /** Uploads at once and keeps the stored file; without it the File stays in the form until save. */
  upload?: (file: File) => Promise<StoredFile>;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  onBlur?: () => void;
}

/** Single file upload (SPEC.md section 5): one file, its name cut to 18 characters. */
export function FileUpload({ label, value, onChange, rule = uploadRules.image, requirementPopup = false, upload, error, disabled, required, id, onBlur }: FileUploadProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<string>();
  const { reject, dialog } = useUploadRejection(rule, requirementPopup);

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!fileMeetsRule(file, rule)) return reject();
    if (!upload) return onChange(file);
    setBusy(true);
    try {
      onChange(await upload(file));
    } catch {
      notify.error(t('forms.upload.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <FormLabel htmlFor={inputId} required={required} error={Boolean(error)}>
        {label}
      </FormLabel>
      {value ? <UploadItem item={value} nameLength={FILE_NAME_MAX_SINGLE} size={120} onRemove={() => onChange(null)} onView={setViewing} disabled={disabled} /> : undefined}
      <Box>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={disabled || busy}>
          {busy ? t('forms.upload.uploading') : t('forms.upload.choose')}
          <input
            id={inputId}
            hidden
            type="file"
            accept={acceptAttribute(rule)}
            onBlur={onBlur}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
      </Box>
      <FormHelperText error={Boolean(error)} sx={{ mx: 0 }}>
        {error ?? t('forms.upload.hint', { types: acceptHint(rule), size: formatBytes(rule.maxBytes) })}
      </FormHelperText>
      {dialog}
      <MediaViewer open={Boolean(viewing)} src={viewing ?? ''} kind="image" onClose={() => setViewing(undefined)} />
    </Stack>
  );
}
