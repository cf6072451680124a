import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { rejectHeldRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';

type RejectValues = z.input<typeof rejectHeldRequestSchema>;

/**
 * Rejecting with a reason (held conversions, withheld referral commissions): the reason is
 * required, trimmed and handed to `onReject`; a refusal from the server shows on the field or above it.
 */
export function RejectReasonDialog({ id, title, text, reasonLabel, pending, onReject, onClose }: {
  id: string;
  title: string;
  text: string;
  reasonLabel: string;
  pending: boolean;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const form = useForm<RejectValues>({ resolver: zodResolver(rejectHeldRequestSchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onReject(values.reason.trim());
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['reason']));
    }
  });
  return (
    <FormDialog id={id} title={title} onClose={onClose} onSubmit={() => void submit()} saving={pending} submitLabel={t('fraud.reject')} danger>
      <Typography color="text.secondary">{text}</Typography>
      <FormAlert message={formError} />
      <TextField
        {...form.register('reason')}
        label={reasonLabel}
        required
        autoFocus
        error={Boolean(form.formState.errors.reason)}
        helperText={form.formState.errors.reason?.message}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
    </FormDialog>
  );
}
