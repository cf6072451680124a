import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TAX_FORM_MAX_BYTES, taxFormMessages, type TaxFormType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { fieldErrors } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useSubmitTaxForm } from '../api/submit-tax-form.ts';

/** A signed PDF of the chosen form: PDF only, at most 5 MB (the server checks the content again). */
export function UploadForm({ type, onDone, onCancel }: { type: TaxFormType; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmitTaxForm();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const choose = (f: File | undefined) => {
    setFile(null);
    if (!f) return;
    if (f.size > TAX_FORM_MAX_BYTES || !/\.pdf$/i.test(f.name)) return setError(taxFormMessages.file);
    setError('');
    setFile(f);
  };
  const send = async () => {
    if (!file) return setError(taxFormMessages.file);
    try {
      const res = await submit.mutateAsync({ form_type: type, file });
      notify.success(res.message);
      onDone();
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.file) setError(fields.file);
      else alertSaveFailure(e, t('forms.saveFailure'));
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`taxForms.formNames.${type}`)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" component="label">
          {t('taxForms.chooseFile')}
          <input hidden type="file" accept="application/pdf,.pdf" aria-label={t('taxForms.file')} onChange={(e) => choose(e.target.files?.[0])} />
        </Button>
        <Typography color="text.secondary">{file ? file.name.slice(0, 18) : t('taxForms.file')}</Typography>
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void send()} disabled={submit.isPending}>
          {t('taxForms.submit')}
        </Button>
        <Button onClick={onCancel}>{t('taxForms.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
