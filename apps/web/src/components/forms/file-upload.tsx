import UploadFile from '@mui/icons-material/UploadFile';
import { FILE_NAME_MAX_SINGLE } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { fileMeetsRule } from './upload-checks.ts';
import { UploadField, type UploadFieldOptions, useUploadField } from './upload-field.tsx';
import { UploadItem, type UploadValue } from './upload-item.tsx';

export interface FileUploadProps extends UploadFieldOptions {
  value: UploadValue | null | undefined;
  onChange: (value: UploadValue | null) => void;
}

/** Single file upload (SPEC.md section 5): one file, its name cut to 18 characters. */
export function FileUpload({ value, onChange, ...options }: FileUploadProps) {
  const { t } = useTranslation();
  const field = useUploadField(options);
  const { upload, disabled } = options;

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!fileMeetsRule(file, field.rule)) return field.reject();
    if (!upload) return onChange(file);
    const stored = await field.store(upload, file);
    if (stored) onChange(stored);
  }

  return (
    <UploadField field={field} icon={<UploadFile />} choose={t('forms.upload.choose')} onFiles={(files) => void pick(files[0])}>
      {value ? <UploadItem item={value} nameLength={FILE_NAME_MAX_SINGLE} size={120} onRemove={() => onChange(null)} onView={field.setViewing} disabled={disabled} /> : undefined}
    </UploadField>
  );
}
