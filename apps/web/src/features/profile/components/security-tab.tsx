import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ChangePasswordRequest, changePasswordRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../../components/forms/password-input.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { ApiTokens } from './api-tokens.tsx';
import { SessionsList } from './sessions-list.tsx';

/** Profile > Security: two-step sign-in and the password, the signed-in sessions and (affiliates) personal API tokens. */
export function SecurityTab() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  if (!user) return null;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="security-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <Typography id="security-heading" variant="h5" component="h2">
            {t('auth.profile.security')}
          </Typography>
          <TwoStepSetting isClient={user.is_client} enabled={user.two_step_enabled} />
          <ChangePasswordForm />
        </Stack>
      </Paper>
      <SessionsList />
      {user.is_client ? <ApiTokens /> : null}
    </Stack>
  );
}

function TwoStepSetting({ isClient, enabled }: { isClient: boolean; enabled: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  return (
    <Stack spacing={0.5}>
      <Typography variant="h6" component="h3">
        {t('auth.profile.twoStep')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={isClient ? enabled : true}
            disabled={!isClient || update.isPending}
            onChange={(_, checked) =>
              update.mutate({ two_step_enabled: checked }, { onSuccess: () => notify.success(t('auth.profile.saved')), onError: alertError })
            }
          />
        }
        label={(isClient ? enabled : true) ? t('auth.profile.twoStepOn') : t('auth.profile.twoStepOff')}
      />
      <Typography variant="body2" color="text.secondary">
        {isClient ? t('auth.profile.twoStepHelp') : t('auth.profile.twoStepStaff')}
      </Typography>
    </Stack>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await change.mutateAsync(values);
      notify.success(t('auth.profile.passwordSaved'));
      form.reset();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['current_password', 'password', 'password_confirmation']));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography variant="h6" component="h3">
        {t('auth.profile.changePassword')}
      </Typography>
      <FormAlert message={formError} />
      <PasswordInput
        {...form.register('current_password')}
        label={t('auth.profile.currentPassword')}
        error={Boolean(errors.current_password)}
        helperText={errors.current_password?.message}
        fullWidth
      />
      <PasswordInput
        {...form.register('password')}
        label={t('auth.profile.newPassword')}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        fullWidth
      />
      <PasswordInput
        {...form.register('password_confirmation')}
        label={t('auth.profile.newPasswordConfirmation')}
        autoComplete="new-password"
        error={Boolean(errors.password_confirmation)}
        helperText={errors.password_confirmation?.message}
        fullWidth
      />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('auth.profile.savePassword')}
      </Button>
    </Stack>
  );
}
