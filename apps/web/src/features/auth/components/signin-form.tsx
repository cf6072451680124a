import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type LoginRequest, loginRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { BotCheck } from '../../../components/bot-check.tsx';
import { PasswordInput } from '../../../components/forms/password-input.tsx';
import { useConfig } from '../../../lib/public-config.ts';
import { useLogin } from '../api/login.ts';
import { applyServerError } from '../lib/server-errors.ts';
import { saveTwoStepSession } from '../lib/two-step.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import { FormAlert } from './form-alert.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function SigninForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useConfig();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<string | undefined>(params.get('social_error') ?? undefined);
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const data = await login.mutateAsync(values);
      if ('session_token' in data) {
        saveTwoStepSession(data.session_token);
        await navigate('/two-step-signin', { state: { sessionToken: data.session_token } });
      } else {
        await completeSignIn(data);
      }
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['email', 'password']));
      setCaptchaKey((k) => k + 1);
      form.setValue('captcha_token', undefined);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.signin.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.signin.subtitle')}</Typography>
      </div>
      <FormAlert message={formError} />
      <TextField
        {...form.register('email')}
        label={t('auth.signin.email')}
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        fullWidth
      />
      <PasswordInput {...form.register('password')} label={t('auth.signin.password')} error={Boolean(errors.password)} helperText={errors.password?.message} fullWidth />
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
        {t('auth.signin.forgot')}
      </Link>
      <BotCheck key={captchaKey} config={config.data?.captcha} onToken={(token) => form.setValue('captcha_token', token)} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth>
        {t('auth.signin.submit')}
      </Button>
      <SocialButtons providers={config.data?.social_providers ?? []} />
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('auth.signin.noAccount')}{' '}
        <Link component={RouterLink} to="/signup">
          {t('auth.signin.toSignup')}
        </Link>
      </Typography>
    </Stack>
  );
}
