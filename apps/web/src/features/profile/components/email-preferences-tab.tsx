import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { emailKinds, type EmailPreferences, emailPreferencesUpdateSchema } from '@portal/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/email-preferences.ts';
import type { Target } from '../api/profile-of.ts';

/** Profile > Email preferences: which optional emails the user gets; each of those emails also unsubscribes in one click. */
export function EmailPreferencesTab({ userId }: { userId: Target }) {
  const prefs = useEmailPreferences(userId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="email-preferences-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      {prefs.data ? <PreferencesForm initial={prefs.data} userId={userId} /> : <Skeleton variant="rounded" height={240} />}
    </Paper>
  );
}

function PreferencesForm({ initial, userId }: { initial: EmailPreferences; userId: Target }) {
  const { t } = useTranslation();
  const save = useSaveEmailPreferences(userId);
  const form = useForm<EmailPreferences>({ resolver: zodResolver(emailPreferencesUpdateSchema), defaultValues: initial });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify.success(t('profile.email.applied'));
    } catch (error) {
      alertSaveFailure(error, t('profile.info.saveFailure'));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography id="email-preferences-heading" variant="h5" component="h2">
        {t('profile.email.heading')}
      </Typography>
      <Typography color="text.secondary">{userId === undefined ? t('profile.email.intro') : t('profile.staffView.emailIntro')}</Typography>
      {emailKinds.map((kind) => (
        <Controller
          key={kind}
          control={form.control}
          name={kind}
          render={({ field }) => (
            <Stack>
              <FormControlLabel control={<Switch checked={field.value} onChange={(_, c) => field.onChange(c)} />} label={t(`profile.email.kinds.${kind}`)} />
              <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mt: -0.5 }}>
                {userId === undefined ? t(`profile.email.hints.${kind}`) : t(`profile.staffView.emailHints.${kind}`)}
              </Typography>
            </Stack>
          )}
        />
      ))}
      <Button type="submit" variant="contained" loading={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.email.save')}
      </Button>
    </Stack>
  );
}
