import TextField from '@mui/material/TextField';
import { type RejectProfileInfoRequest, rejectProfileInfoRequestSchema } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';

/** Reject profile info with the one reject_reason the affiliate reads (SPEC.md section 3, Reject option). */
export function RejectDialog({ onClose, onReject }: { onClose: () => void; onReject: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useForm<RejectProfileInfoRequest>({ resolver: zodResolver(rejectProfileInfoRequestSchema), defaultValues: { reject_reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onReject(String(values.reject_reason));
      notify.success(t('profile.details.rejected'));
      onClose();
    } catch (error) {
      applyServerError(error, form.setError, ['reject_reason']);
      alertSaveFailure(error, t('profile.info.saveFailure'));
    }
  });
  return (
    <FormDialog id="reject-profile-info" title={t('profile.details.rejectTitle')} onClose={onClose} onSubmit={() => void onSubmit()} saving={isSubmitting} submitLabel={t('profile.details.rejectSubmit')} danger>
      <TextField {...form.register('reject_reason')} label={t('profile.details.rejectReason')} multiline minRows={3} required fullWidth autoFocus error={Boolean(errors.reject_reason)} helperText={errors.reject_reason?.message ?? t('profile.details.rejectHint')} />
    </FormDialog>
  );
}
