import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ForgotRequest, forgotRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BotCheck } from '../../../components/bot-check.tsx';
import { useConfig } from '../../../lib/public-config.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { applyServerError } from '../lib/server-errors.ts';
import { FormAlert } from './form-alert.tsx';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const config = useConfig();
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<ForgotRequest>({ resolver: zodResolver(forgotRequestSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      setSent(await forgot.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['email']));
      setCaptchaKey((k) => k + 1);
      form.setValue('captcha_token', undefined);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.forgot.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.forgot.subtitle')}</Typography>
      </div>
      {sent ? (
        <Alert severity="success">{sent}</Alert>
      ) : (
        <>
          <FormAlert message={formError} />
          <TextField
            {...form.register('email')}
            label={t('auth.forgot.email')}
            type="email"
            autoComplete="email"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            fullWidth
          />
          <BotCheck key={captchaKey} config={config.data?.captcha} onToken={(token) => form.setValue('captcha_token', token)} />
          <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth>
            {t('auth.forgot.submit')}
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.forgot.back')}
      </Link>
    </Stack>
  );
}
