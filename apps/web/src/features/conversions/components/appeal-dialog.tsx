import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { appealRequestSchema, canAppealConversion, type ConversionLogRow } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { conversionLogKeys } from '../api/get-conversion-log.ts';

type Values = z.input<typeof appealRequestSchema>;

/** The affiliate's Appeal on a held or rejected conversion of theirs (once); "Appealed <date>" after. */
export function AppealButton({ row }: { row: ConversionLogRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (row.appeal) {
    return (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }} data-testid={`appeal-${row.id}`}>
        {t('fraud.appeal.sent', { date: formatDate(row.appeal.time) })}
        {row.appeal.resolved ? (
          <Typography variant="caption" color={row.appeal.decision === 'rejected' ? 'error.light' : 'success.light'} component="div" sx={{ whiteSpace: 'normal' }}>
            {t(`fraud.appeal.resolved.${row.appeal.decision ?? 'approved'}`)}
            {row.appeal.answer ? ` ${t('fraud.appeal.answer', { answer: row.appeal.answer })}` : ''}
          </Typography>
        ) : (
          ` · ${t('fraud.appeal.open_state')}`
        )}
      </Typography>
    );
  }
  if (!canAppealConversion(row)) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t('fraud.appeal.title', { id: row.id })}>
        {t('fraud.appeal.open')}
      </Button>
      {open ? <AppealDialog row={row} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AppealDialog({ row, onClose }: { row: ConversionLogRow; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: (message: string) => apiRequest(`/v1/conversion-log/${row.id}/appeal`, { method: 'POST', body: { message } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: conversionLogKeys.all }),
  });
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(appealRequestSchema), defaultValues: { message: '' } });
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await send.mutateAsync(values.message.trim());
      notify.success(t('fraud.appeal.done'));
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['message']));
    }
  });
  return (
    <FormDialog id="conversion-appeal" title={t('fraud.appeal.title', { id: row.id })} onClose={onClose} onSubmit={() => void submit()} saving={send.isPending} submitLabel={t('fraud.appeal.submit')}>
      <Typography color="text.secondary">{t('fraud.appeal.text')}</Typography>
      {row.reason ? <Typography>{row.reason}</Typography> : null}
      <FormAlert message={formError} />
      <TextField
        {...form.register('message')}
        label={t('fraud.appeal.message')}
        required
        autoFocus
        multiline
        minRows={3}
        error={Boolean(form.formState.errors.message)}
        helperText={form.formState.errors.message?.message}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
