import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ProfileAppealRequest, profileAppealRequestSchema, type ProfileReview } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAppealProfileInfo } from '../api/review.ts';

/** The affiliate's side of the review, above their details: the rejection's reason and what to do (the form to send them back follows the details). */
export function ReviewNotice({ review }: { review: ProfileReview }) {
  const { t } = useTranslation();
  if (review.status === 'approved') return <Alert severity="success" variant="outlined">{t('profile.review.approved')}</Alert>;
  if (review.status === 'pending') {
    return (
      <Alert severity="info" variant="outlined">
        {review.appealed_at ? t('profile.review.appealed', { date: formatDate(review.appealed_at) }) : t('profile.review.pending')}
      </Alert>
    );
  }
  return (
    <Alert severity="error" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('profile.review.rejectedTitle')}</AlertTitle>
      {t('profile.review.reason', { reason: review.reject_reason ?? '' })}
      <br />
      {t('profile.review.fixThen')}
    </Alert>
  );
}

/** Under the corrected details: send them back for review with a message. */
export function AppealForm() {
  const { t } = useTranslation();
  const appeal = useAppealProfileInfo();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ProfileAppealRequest>({ resolver: zodResolver(profileAppealRequestSchema), defaultValues: { message: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await appeal.mutateAsync(values);
      notify.success(t('profile.review.appealSent'));
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['message']));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1.5} aria-labelledby="appeal-heading" sx={{ borderTop: 1, borderColor: 'divider', pt: 3 }}>
      <Typography id="appeal-heading" variant="h6" component="h3">
        {t('profile.review.appealHeading')}
      </Typography>
      <FormAlert message={formError} />
      <TextField {...form.register('message')} label={t('profile.review.appealLabel')} multiline minRows={2} error={Boolean(errors.message)} helperText={errors.message?.message} fullWidth />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.review.appeal')}
      </Button>
    </Stack>
  );
}
