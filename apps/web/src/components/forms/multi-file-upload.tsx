import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { acceptHint, FILE_NAME_MAX_MULTI, formatBytes, type UploadRule, uploadRules } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications.tsx';
import { MediaViewer } from './media-viewer.tsx';
import { acceptAttribute, fileMeetsRule, hasName } from './upload-checks.ts';
import { type StoredFile, UploadItem, type UploadValue } from './upload-item.tsx';
import { useUploadRejection } from './upload-rejection.tsx';

export interface MultiFileUploadProps {
  label: string;
  value: readonly UploadValue[] | null | undefined;
  onChange: (value: UploadValue[]) => void;
  rule?: UploadRule;
  requirementPopup?: boolean;
  /** Most files the field holds. */
  max?: number;
  upload?: (file: File) => Promise<StoredFile>;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  onBlur?: () => void;
}

/**
 * Multi-file upload (SPEC.md section 5): a picked file whose name is already in the field is
 * ignored with "The image has already been selected!"; names are cut to 12 characters.
 */
export function MultiFileUpload({ label, value, onChange, rule = uploadRules.image, requirementPopup = false, max, upload, error, disabled, required, id, onBlur }: MultiFileUploadProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const items = value ?? [];
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<string>();
  const { reject, dialog } = useUploadRejection(rule, requirementPopup);
  const full = max !== undefined && items.length >= max;

  async function pick(files: File[]) {
    let next = [...items];
    let rejected = false;
    for (const file of files) {
      if (max !== undefined && next.length >= max) break;
      if (hasName(next, file.name)) {
        notify.error(t('forms.upload.duplicate'));
        continue;
      }
      if (!fileMeetsRule(file, rule)) {
        rejected = true;
        continue;
      }
      if (!upload) {
        next = [...next, file];
        continue;
      }
      setBusy(true);
      try {
        next = [...next, await upload(file)];
      } catch {
        notify.error(t('forms.upload.failed'));
      } finally {
        setBusy(false);
      }
    }
    if (rejected) reject();
    if (next.length !== items.length) onChange(next);
  }

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <FormLabel htmlFor={inputId} required={required} error={Boolean(error)}>
        {label}
      </FormLabel>
      {items.length ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 96px)', gap: 1.5 }}>
          {items.map((item, index) => (
            <UploadItem
              key={`${item.name}-${index}`}
              item={item}
              nameLength={FILE_NAME_MAX_MULTI}
              size={96}
              disabled={disabled}
              onView={setViewing}
              onRemove={() => onChange(items.filter((_, i) => i !== index))}
            />
          ))}
        </Box>
      ) : undefined}
      <Box>
        <Button component="label" variant="outlined" startIcon={<AddPhotoAlternate />} disabled={disabled || busy || full}>
          {busy ? t('forms.upload.uploading') : t('forms.upload.chooseMany')}
          <input
            id={inputId}
            hidden
            multiple
            type="file"
            accept={acceptAttribute(rule)}
            onBlur={onBlur}
            onChange={(e) => {
              void pick(Array.from(e.target.files ?? []));
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
