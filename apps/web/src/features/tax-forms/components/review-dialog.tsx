import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type TaxForm, taxFormDeclineRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { fieldErrors } from '../../../components/forms/server-errors.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { useCountries } from '../../../lib/queries/get-countries.ts';
import { notify } from '../../../lib/notify.ts';
import { useTaxFormPdfUrl } from '../api/get-pdf.ts';
import { revealTins, useReviewTaxForm, useTaxForm } from '../api/review-tax-forms.ts';
import { formFields } from './form-fields.ts';

/** The decline dialog: a reason, and the status the form takes (Not Uploaded, or the alternative, Pending). */
function DeclineDialog({ form, onClose }: { form: TaxForm; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { decline } = useReviewTaxForm(form.id);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<'not_uploaded' | 'pending'>('not_uploaded');
  const [error, setError] = useState('');
  const send = async () => {
    const parsed = taxFormDeclineRequestSchema.safeParse({ reason, status });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    try {
      notify.success((await decline.mutateAsync({ reason, status })).message);
      onClose(true);
    } catch (e) {
      const fields = fieldErrors(e);
      if (fields.reason) setError(fields.reason);
      else alertSaveFailure(e, t('forms.saveFailure'));
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="tax-decline-title" fullWidth maxWidth="sm">
      <DialogTitle id="tax-decline-title">{t('taxForms.review.declineTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="tax-decline-reason"
            label={t('taxForms.review.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
            multiline
            minRows={2}
            error={Boolean(error)}
            helperText={error || ' '}
          />
          <div>
            <FormLabel id="tax-decline-status">{t('taxForms.review.declineAs')}</FormLabel>
            <RadioGroup aria-labelledby="tax-decline-status" value={status} onChange={(e) => setStatus(e.target.value as 'not_uploaded' | 'pending')}>
              <FormControlLabel value="not_uploaded" control={<Radio />} label={t('taxForms.review.declineStatuses.not_uploaded')} />
              <FormControlLabel value="pending" control={<Radio />} label={t('taxForms.review.declineStatuses.pending')} />
            </RadioGroup>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('taxForms.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void send()} disabled={decline.isPending}>
          {t('taxForms.review.decline')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Where a field stands on its form (unknown ones last). */
const fieldOrder = (type: TaxForm['form_type'], name: string) => {
  const i = formFields[type].findIndex((f) => f.name === name);
  return i < 0 ? formFields[type].length : i;
};

/** Taxpayer numbers: kept encrypted, shown masked in their own rows until revealed. */
const tinFields = new Set(['tin', 'us_tin', 'foreign_tin']);

function FormSummary({ form }: { form: TaxForm }) {
  const { t } = useTranslation();
  const countries = useCountries().data;
  const [tins, setTins] = useState<Record<string, string | null> | null>(null);
  const kindOf = (name: string) => formFields[form.form_type].find((f) => f.name === name)?.kind;
  const shown = (name: string, v: string | boolean): string => {
    if (typeof v === 'boolean') return v ? '✓' : '—';
    if (!v) return '';
    if (tinFields.has(name)) return tins?.[name] ?? v;
    if (kindOf(name) === 'date') return formatDay(v);
    if (kindOf(name) === 'country') return countries?.find((c) => c.code === v)?.name ?? v;
    return String(t(`taxForms.options.${v}`, { defaultValue: v }));
  };
  // A W-8 keeps its numbers among its fields (masked); the summary's extra row is for a W-9's only.
  const tinInFields = Object.keys(form.fields).some((k) => tinFields.has(k));
  const rows: Array<[string, string]> = [
    [t('taxForms.review.affiliate'), `${form.affiliate.name} (${form.affiliate.email}, #${form.affiliate.id})`],
    [t('taxForms.review.submitted'), formatDate(form.submitted_at)],
    [t('taxForms.review.source'), t(`taxForms.review.sources.${form.source}`)],
    ...Object.entries(form.fields)
      .filter(([k]) => k !== 'certify')
      // In the order of the official form, as the affiliate filled it.
      .sort(([a], [b]) => fieldOrder(form.form_type, a) - fieldOrder(form.form_type, b))
      .map(([k, v]): [string, string] => [t(`taxForms.fields.${k}`, { defaultValue: k }), shown(k, v)]),
    ...(form.tin_masked && !tinInFields ? [[t('taxForms.review.tin'), tins?.tin ?? form.tin_masked] as [string, string]] : []),
    ...(form.signature ? [[t('taxForms.fields.signature'), `${form.signature}, ${form.signed_at}`] as [string, string]] : []),
  ];
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h3">
        {t('taxForms.review.data')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, 40%) 1fr', gap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, wordBreak: 'break-word' } }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Box>
        ))}
      </Box>
      {form.tin_masked && !tins ? (
        <div>
          <Button size="small" onClick={() => void revealTins(form.id).then(setTins)}>
            {t('taxForms.review.reveal')}
          </Button>
        </div>
      ) : null}
      {tins ? <Typography variant="caption">{t('taxForms.review.revealed')}</Typography> : null}
      {form.decline_reason ? <Typography color="warning.main">{form.decline_reason}</Typography> : null}
    </Stack>
  );
}

/** "View W9/W8 form": the PDF beside its data, with Accept and Decline for a pending form. */
export function TaxFormReviewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useTaxForm(id);
  const pdfUrl = useTaxFormPdfUrl(id);
  const { accept } = useReviewTaxForm(id);
  const [declining, setDeclining] = useState(false);
  const f = form.data;
  const pending = f?.status === 'pending' && !f.superseded;
  const doAccept = async () => {
    try {
      notify.success((await accept.mutateAsync()).message);
      onClose();
    } catch (e) {
      alertSaveFailure(e, t('forms.saveFailure'));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="tax-review-title" fullWidth maxWidth="lg">
      <DialogTitle id="tax-review-title">{f ? t('taxForms.review.dialogTitle', { form: t(`taxForms.formNames.${f.form_type}`), name: f.affiliate.name }) : t('taxForms.review.view')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: 3, minHeight: 480 }}>{pdfUrl ? <Box component="iframe" title={t('taxForms.review.pdfTitle')} src={pdfUrl} sx={{ width: '100%', height: { xs: 480, md: 640 }, border: 1, borderColor: 'divider' }} /> : null}</Box>
          <Box sx={{ flex: 2 }}>{f ? <FormSummary form={f} /> : null}</Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taxForms.review.close')}</Button>
        {pending ? (
          <>
            <Button color="error" onClick={() => setDeclining(true)}>
              {t('taxForms.review.decline')}
            </Button>
            <Button variant="contained" onClick={() => void doAccept()} disabled={accept.isPending}>
              {t('taxForms.review.accept')}
            </Button>
          </>
        ) : null}
      </DialogActions>
      {declining && f ? <DeclineDialog form={f} onClose={(done) => (done ? onClose() : setDeclining(false))} /> : null}
    </Dialog>
  );
}
