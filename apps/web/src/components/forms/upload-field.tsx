import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { acceptHint, formatBytes, type UploadRule, uploadRules } from '@portal/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications.tsx';
import { MediaViewer } from './media-viewer.tsx';
import { acceptAttribute } from './upload-checks.ts';
import type { StoredFile } from './upload-item.tsx';
import { useUploadRejection } from './upload-rejection.tsx';

/** What the single and the multi-file upload are given alike. */
export interface UploadFieldOptions {
  label: string;
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

/**
 * What the single and the multi-file upload keep alike: their options, the file input's id, busy
 * while a file uploads, the picture being viewed and what a file breaking the rule shows.
 */
export function useUploadField(options: UploadFieldOptions) {
  const { t } = useTranslation();
  const rule = options.rule ?? uploadRules.image;
  const generatedId = useId();
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<string>();
  const { reject, dialog } = useUploadRejection(rule, options.requirementPopup ?? false);

  /** Uploads one file, busy meanwhile; a failure is told and gives undefined. */
  async function store(upload: (file: File) => Promise<StoredFile>, file: File): Promise<StoredFile | undefined> {
    setBusy(true);
    try {
      return await upload(file);
    } catch {
      notify.error(t('forms.upload.failed'));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { options, rule, inputId: options.id ?? generatedId, busy, viewing, setViewing, reject, dialog, store };
}

export interface UploadFieldProps {
  /** From `useUploadField`. */
  field: ReturnType<typeof useUploadField>;
  /** The picker button's icon and words (while a file uploads it says so). */
  icon: ReactNode;
  choose: string;
  multiple?: boolean;
  /** The field holds all it may: the picker is off. */
  full?: boolean;
  onFiles: (files: File[]) => void;
  /** The files in the field. */
  children: ReactNode;
}

/** The frame of an upload field (SPEC.md section 5): label, the files, the picker, the rule as a hint or the error. */
export function UploadField({ field, icon, choose, multiple = false, full = false, onFiles, children }: UploadFieldProps) {
  const { t } = useTranslation();
  const { label, error, disabled, required, onBlur } = field.options;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <FormLabel htmlFor={field.inputId} required={required} error={Boolean(error)}>
        {label}
      </FormLabel>
      {children}
      <Box>
        <Button component="label" variant="outlined" startIcon={icon} disabled={disabled || field.busy || full}>
          {field.busy ? t('forms.upload.uploading') : choose}
          <input
            id={field.inputId}
            hidden
            multiple={multiple}
            type="file"
            accept={acceptAttribute(field.rule)}
            onBlur={onBlur}
            onChange={(e) => {
              onFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        </Button>
      </Box>
      <FormHelperText error={Boolean(error)} sx={{ mx: 0 }}>
        {error ?? t('forms.upload.hint', { types: acceptHint(field.rule), size: formatBytes(field.rule.maxBytes) })}
      </FormHelperText>
      {field.dialog}
      <MediaViewer open={Boolean(field.viewing)} src={field.viewing ?? ''} kind="image" onClose={() => field.setViewing(undefined)} />
    </Stack>
  );
}
