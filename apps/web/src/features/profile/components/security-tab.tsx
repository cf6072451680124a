import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ChangePasswordRequest, changePasswordRequestSchema, twoStepRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../../components/forms/password-input.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';
import { useSetTwoStep } from '../api/set-two-step.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
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

const passwordOnly = twoStepRequestSchema.pick({ current_password: true });

function TwoStepSetting({ isClient, enabled }: { isClient: boolean; enabled: boolean }) {
  const { t } = useTranslation();
  // The switch only asks: the change is made once the current password is given (checked by the server).
  const [asking, setAsking] = useState<boolean | null>(null);
  const on = isClient ? enabled : true;
  return (
    <Stack spacing={0.5}>
      <Typography variant="h6" component="h3">
        {t('auth.profile.twoStep')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={on} disabled={!isClient} onChange={(_, checked) => setAsking(checked)} />}
        label={on ? t('auth.profile.twoStepOn') : t('auth.profile.twoStepOff')}
      />
      <Typography variant="body2" color="text.secondary">
        {isClient ? t('auth.profile.twoStepHelp') : t('auth.profile.twoStepStaff')}
      </Typography>
      {asking === null ? null : <TwoStepDialog enable={asking} onClose={() => setAsking(null)} />}
    </Stack>
  );
}

/** Turning two-step sign-in on or off: the current password first, then the server's own words. */
function TwoStepDialog({ enable, onClose }: { enable: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetTwoStep();
  const [formError, setFormError] = useState<string>();
  const form = useForm<{ current_password: string }>({ resolver: zodResolver(passwordOnly), defaultValues: { current_password: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ current_password }) => {
    setFormError(undefined);
    try {
      const reply = await save.mutateAsync({ enabled: enable, current_password });
      notify.success(reply.message);
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['current_password']));
    }
  });
  return (
    <FormDialog
      id="two-step-form"
      title={t(enable ? 'auth.profile.twoStepEnableTitle' : 'auth.profile.twoStepDisableTitle')}
      submitLabel={t(enable ? 'auth.profile.twoStepEnable' : 'auth.profile.twoStepDisable')}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      saving={save.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        {t('auth.profile.twoStepConfirm')}
      </Typography>
      <FormAlert message={formError} />
      <PasswordInput
        {...form.register('current_password')}
        label={t('auth.profile.currentPassword')}
        autoComplete="current-password"
        autoFocus
        error={Boolean(errors.current_password)}
        helperText={errors.current_password?.message}
        fullWidth
      />
    </FormDialog>
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
