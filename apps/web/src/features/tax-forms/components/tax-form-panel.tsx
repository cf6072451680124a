import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaxFormState, TaxFormType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useMyTaxForm } from '../api/get-my-tax-form.ts';
import { openPdf } from '../api/get-pdf.ts';
import { FillForm } from './fill-form.tsx';
import { UploadForm } from './upload-form.tsx';

const statusColor = { accepted: 'success', pending: 'warning', not_uploaded: 'error', declined: 'error', n_a: 'default' } as const;

/** What the affiliate has on file: the status, the decline reason, the PDF. */
function CurrentForm({ state }: { state: TaxFormState }) {
  const { t } = useTranslation();
  const f = state.current;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>{t('taxForms.status')}:</Typography>
        <Chip data-testid="tax-form-status" size="small" color={statusColor[state.status]} label={t(`taxForms.statuses.${state.status}`)} />
        {f?.expired ? <Chip size="small" color="error" label={t('taxForms.expired')} /> : null}
        {f ? <Typography color="text.secondary">{t(`taxForms.formNames.${f.form_type}`)}</Typography> : null}
      </Stack>
      {f?.decline_reason ? (
        <Alert severity={f.status === 'pending' ? 'warning' : 'error'}>{t(f.status === 'pending' ? 'taxForms.pendingReason' : 'taxForms.declinedReason', { reason: f.decline_reason })}</Alert>
      ) : null}
      {f?.expires_at && !f.expired && f.status === 'accepted' ? <Typography color="text.secondary">{t('taxForms.validThrough', { date: formatDate(new Date(new Date(f.expires_at).getTime() - 1).toISOString()) })}</Typography> : null}
      {f && !f.superseded ? (
        <div>
          <Button size="small" variant="outlined" onClick={() => void openPdf(f.id)}>
            {t('taxForms.viewPdf')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

/**
 * The profile's tax form: the status, then a questionnaire that picks the form (US person: W-9;
 * foreign individual: W-8BEN; foreign entity: W-8BEN-E) and fills it here or takes a signed PDF.
 */
export function TaxFormPanel() {
  const { t } = useTranslation();
  const state = useMyTaxForm();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<TaxFormType | ''>('');
  const [how, setHow] = useState<'fill' | 'upload'>('fill');
  if (!state.data) return null;
  const close = () => {
    setOpen(false);
    setType('');
  };
  return (
    <Stack component="section" spacing={2} aria-labelledby="tax-form-title" sx={{ mt: 4 }}>
      <Typography id="tax-form-title" variant="h6" component="h2">
        {t('taxForms.title')}
      </Typography>
      <Typography color="text.secondary">{t('taxForms.intro')}</Typography>
      <CurrentForm state={state.data} />
      {state.data.status === 'n_a' ? null : open ? (
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="tax-form-who">{t('taxForms.question')}</FormLabel>
            <RadioGroup aria-labelledby="tax-form-who" value={type} onChange={(e) => setType(e.target.value as TaxFormType)}>
              {(['w9', 'w8ben', 'w8bene'] as const).map((k) => (
                <FormControlLabel key={k} value={k} control={<Radio />} label={t(`taxForms.who.${k}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          {type ? (
            <FormControl>
              <FormLabel id="tax-form-how">{t('taxForms.how')}</FormLabel>
              <RadioGroup row aria-labelledby="tax-form-how" value={how} onChange={(e) => setHow(e.target.value as 'fill' | 'upload')}>
                <FormControlLabel value="fill" control={<Radio />} label={t('taxForms.fill')} />
                <FormControlLabel value="upload" control={<Radio />} label={t('taxForms.upload')} />
              </RadioGroup>
            </FormControl>
          ) : null}
          {type && how === 'fill' ? <FillForm key={type} type={type} onDone={close} onCancel={close} /> : null}
          {type && how === 'upload' ? <UploadForm type={type} onDone={close} onCancel={close} /> : null}
        </Stack>
      ) : (
        <div>
          <Button variant={state.data.status === 'accepted' ? 'outlined' : 'contained'} onClick={() => setOpen(true)}>
            {t('taxForms.sendNew')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
