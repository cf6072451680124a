import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ResetRequest, resetRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PasswordInput } from '../../../components/forms/password-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { applyServerError } from '../lib/server-errors.ts';
import { FormAlert } from './form-alert.tsx';

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // SPEC.md section 2: without a token the page goes to sign-in.
  if (!token) return <Navigate to="/signin" replace />;
  return <ResetPasswordFields token={token} />;
}

function ResetPasswordFields({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ResetRequest>({ resolver: zodResolver(resetRequestSchema), defaultValues: { token, password: '', password_confirmation: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      notify.success(await reset.mutateAsync(values));
      // SPEC.md section 4: after reset password the user goes to Login.
      await navigate('/signin', { replace: true });
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['password', 'password_confirmation']));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.reset.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.reset.subtitle')}</Typography>
      </div>
      <FormAlert message={formError} />
      <PasswordInput
        {...form.register('password')}
        label={t('auth.reset.password')}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        fullWidth
      />
      <PasswordInput
        {...form.register('password_confirmation')}
        label={t('auth.reset.passwordConfirmation')}
        autoComplete="new-password"
        error={Boolean(errors.password_confirmation)}
        helperText={errors.password_confirmation?.message}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth>
        {t('auth.reset.submit')}
      </Button>
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.reset.back')}
      </Link>
    </Stack>
  );
}
