import UploadFile from '@mui/icons-material/UploadFile';
import { FILE_NAME_MAX_SINGLE, type UploadRule, uploadRules } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { fileMeetsRule } from './upload-checks.ts';
import { UploadField, useUploadField } from './upload-field.tsx';
import { type StoredFile, UploadItem, type UploadValue } from './upload-item.tsx';

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
  const field = useUploadField(rule, requirementPopup, id);

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!fileMeetsRule(file, rule)) return field.reject();
    if (!upload) return onChange(file);
    const stored = await field.store(upload, file);
    if (stored) onChange(stored);
  }

  return (
    <UploadField
      field={field}
      label={label}
      rule={rule}
      icon={<UploadFile />}
      choose={t('forms.upload.choose')}
      onFiles={(files) => void pick(files[0])}
      error={error}
      disabled={disabled}
      required={required}
      onBlur={onBlur}
    >
      {value ? <UploadItem item={value} nameLength={FILE_NAME_MAX_SINGLE} size={120} onRemove={() => onChange(null)} onView={field.setViewing} disabled={disabled} /> : undefined}
    </UploadField>
  );
}
