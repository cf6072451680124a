import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import { FILE_NAME_MAX_MULTI, type UploadRule, uploadRules } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications.tsx';
import { fileMeetsRule, hasName } from './upload-checks.ts';
import { UploadField, useUploadField } from './upload-field.tsx';
import { type StoredFile, UploadItem, type UploadValue } from './upload-item.tsx';

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
  const items = value ?? [];
  const field = useUploadField(rule, requirementPopup, id);
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
      const stored = await field.store(upload, file);
      if (stored) next = [...next, stored];
    }
    if (rejected) field.reject();
    if (next.length !== items.length) onChange(next);
  }

  return (
    <UploadField
      field={field}
      label={label}
      rule={rule}
      icon={<AddPhotoAlternate />}
      choose={t('forms.upload.chooseMany')}
      multiple
      onFiles={(files) => void pick(files)}
      error={error}
      disabled={disabled || full}
      required={required}
      onBlur={onBlur}
    >
      {items.length ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 96px)', gap: 1.5 }}>
          {items.map((item, index) => (
            <UploadItem
              key={`${item.name}-${index}`}
              item={item}
              nameLength={FILE_NAME_MAX_MULTI}
              size={96}
              disabled={disabled}
              onView={field.setViewing}
              onRemove={() => onChange(items.filter((_, i) => i !== index))}
            />
          ))}
        </Box>
      ) : undefined}
    </UploadField>
  );
}
