import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ConfirmRequest, confirmRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmLogin } from '../api/confirm-login.ts';
import { applyServerError } from '../lib/server-errors.ts';
import { readTwoStepSession } from '../lib/two-step.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import { FormAlert } from './form-alert.tsx';

export function TwoStepForm() {
  const location = useLocation();
  const state: unknown = location.state;
  const fromState = state && typeof state === 'object' && 'sessionToken' in state && typeof state.sessionToken === 'string' ? state.sessionToken : null;
  const sessionToken = fromState ?? readTwoStepSession();
  if (!sessionToken) return <Navigate to="/signin" replace />;
  return <TwoStepFields sessionToken={sessionToken} />;
}

function TwoStepFields({ sessionToken }: { sessionToken: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmLogin();
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ConfirmRequest>({ resolver: zodResolver(confirmRequestSchema), defaultValues: { session_token: sessionToken, code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await completeSignIn(await confirm.mutateAsync(values));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'code_invalid' && !error.errors) {
        form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerError(error, form.setError, ['code']));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.twoStep.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.twoStep.subtitle')}</Typography>
      </div>
      <FormAlert message={formError} />
      <TextField
        {...form.register('code')}
        label={t('auth.twoStep.code')}
        autoComplete="one-time-code"
        autoFocus
        error={Boolean(errors.code)}
        helperText={errors.code?.message}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth>
        {t('auth.twoStep.submit')}
      </Button>
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.twoStep.back')}
      </Link>
    </Stack>
  );
}
