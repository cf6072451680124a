import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import { FILE_NAME_MAX_MULTI } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications.tsx';
import { fileMeetsRule, hasName } from './upload-checks.ts';
import { UploadField, type UploadFieldOptions, useUploadField } from './upload-field.tsx';
import { UploadItem, type UploadValue } from './upload-item.tsx';

export interface MultiFileUploadProps extends UploadFieldOptions {
  value: readonly UploadValue[] | null | undefined;
  onChange: (value: UploadValue[]) => void;
  /** Most files the field holds. */
  max?: number;
}

/**
 * Multi-file upload (SPEC.md section 5): a picked file whose name is already in the field is
 * ignored with "The image has already been selected!"; names are cut to 12 characters.
 */
export function MultiFileUpload({ value, onChange, max, ...options }: MultiFileUploadProps) {
  const { t } = useTranslation();
  const items = value ?? [];
  const field = useUploadField(options);
  const { upload, disabled } = options;
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
      if (!fileMeetsRule(file, field.rule)) {
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
    <UploadField field={field} icon={<AddPhotoAlternate />} choose={t('forms.upload.chooseMany')} multiple full={full} onFiles={(files) => void pick(files)}>
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
