import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type EmailPreview, type EmailTemplate, type EmailTemplateUpdate, emailTemplateUpdateSchema } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { RichTextEditor } from '../../../components/forms/rich-text-editor.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { usePreviewEmailTemplate, useResetEmailTemplate, useSaveEmailTemplate, useSendTestEmail } from '../api/email-templates.ts';
import type { AffiliateOption } from './email-templates-section.tsx';

const f = 'settings.templates';

/** One template: subject, rich-text body, the variables it may name, and its preview, test and reset. */
export function EmailTemplateForm({ template, affiliates }: { template: EmailTemplate; affiliates: readonly AffiliateOption[] }) {
  const { t } = useTranslation();
  const save = useSaveEmailTemplate();
  const reset = useResetEmailTemplate();
  const preview = usePreviewEmailTemplate();
  const test = useSendTestEmail();
  const [affiliate, setAffiliate] = useState('');
  const [formError, setFormError] = useState<string>();
  const [shown, setShown] = useState<EmailPreview>();
  const form = useForm<EmailTemplateUpdate>({ resolver: zodResolver(emailTemplateUpdateSchema), defaultValues: { subject: template.subject, body: template.body } });
  const affiliateId = affiliate ? Number(affiliate) : null;

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ type: template.type, body: values });
      notify.success(t('forms.updated'));
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['subject', 'body']));
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  const showPreview = async () => {
    try {
      setShown(await preview.mutateAsync({ type: template.type, body: { ...form.getValues(), affiliate_id: affiliateId } }));
    } catch (error) {
      applyServerError(error, form.setError, ['subject', 'body']);
      alertError(error);
    }
  };

  /** Mails the draft as it stands (saved or not); the server checks it as a save would. */
  const sendTest = async () => {
    try {
      notify.success(await test.mutateAsync({ type: template.type, body: { ...form.getValues(), affiliate_id: affiliateId } }));
    } catch (error) {
      applyServerError(error, form.setError, ['subject', 'body']);
      alertError(error);
    }
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)} aria-label={template.label}>
      <FormAlert message={formError} />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Chip size="small" variant="outlined" label={template.is_custom ? t(`${f}.custom`) : t(`${f}.default`)} />
        {template.optional ? null : <Chip size="small" variant="outlined" label={t(`${f}.alwaysSent`)} />}
      </Stack>
      <TextField {...form.register('subject')} label={t(`${f}.subject`)} required error={Boolean(form.formState.errors.subject)} helperText={form.formState.errors.subject?.message} />
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <RichTextEditor id={`template-body-${template.type}`} label={t(`${f}.body`)} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
        )}
      />
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t(`${f}.variables`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`${f}.variablesHint`)}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="template-variables">
          {template.variables.map((name) => (
            <Chip
              key={name}
              size="small"
              label={`{{${name}}}`}
              onClick={() => {
                void navigator.clipboard?.writeText(`{{${name}}}`).then(() => notify.success(t(`${f}.copied`, { name: `{{${name}}}` })));
              }}
            />
          ))}
        </Stack>
      </Box>
      <TextField select label={t(`${f}.previewAs`)} value={affiliate} onChange={(e) => setAffiliate(e.target.value)} sx={{ maxWidth: 420 }}>
        <MenuItem value="">{t(`${f}.previewMe`)}</MenuItem>
        {affiliates.map((a) => (
          <MenuItem key={a.id} value={String(a.id)}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('settings.save')}
        </Button>
        <Button variant="outlined" loading={preview.isPending} onClick={() => void showPreview()}>
          {t(`${f}.preview`)}
        </Button>
        <Button
          variant="outlined"
          loading={test.isPending}
          onClick={() => void sendTest()}
        >
          {t(`${f}.sendTest`)}
        </Button>
        <Button
          color="warning"
          disabled={!template.is_custom}
          loading={reset.isPending}
          onClick={() => reset.mutate(template.type, { onSuccess: () => notify.success(t(`${f}.resetDone`)), onError: alertError })}
        >
          {t(`${f}.reset`)}
        </Button>
      </Stack>
      {shown ? (
        <Dialog open onClose={() => setShown(undefined)} fullWidth maxWidth="md" aria-labelledby="template-preview-title">
          <DialogTitle id="template-preview-title">{t(`${f}.previewTitle`, { subject: shown.subject })}</DialogTitle>
          <DialogContent>
            {/* The server's rendering, sandboxed: nothing in it runs or reaches the app. */}
            <Box component="iframe" title={shown.subject} sandbox="" srcDoc={shown.html} sx={{ width: '100%', height: 420, border: 0, bgcolor: '#fff', borderRadius: 1 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setShown(undefined)}>{t(`${f}.close`)}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
}
