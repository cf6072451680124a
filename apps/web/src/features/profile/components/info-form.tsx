import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { profileUpdateSchema, type UserProfile } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useFormOptions } from '../api/form-options.ts';
import type { Target } from '../api/profile-of.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Input = z.input<typeof profileUpdateSchema>;
type Output = z.output<typeof profileUpdateSchema>;
const textFields = ['company', 'address', 'city', 'postal_code', 'phone', 'chat_id', 'website', 'hear_about'] as const;
const allFields = ['first_name', ...textFields, 'country', 'traffic_sources', 'methods', 'sites_ids', 'remove_splash_screen'] as const;

function initial(user: UserProfile): Input {
  return {
    first_name: user.name,
    company: user.company,
    address: user.address,
    city: user.city,
    postal_code: user.postal_code,
    country: user.country,
    phone: user.phone,
    chat_id: user.chat_id,
    website: user.website,
    traffic_sources: user.traffic_sources,
    methods: user.methods as Input['methods'],
    hear_about: user.hear_about,
    sites_ids: (user.sites ?? []).map((s) => s.id),
    remove_splash_screen: user.remove_splash_screen,
  };
}

/** The affiliate fields of SPEC.md section 3 on the contracts' schema: the server checks the same rules with the same messages. */
export function InfoForm({ user, userId }: { user: UserProfile; userId: Target }) {
  const { t } = useTranslation();
  const options = useFormOptions();
  const save = useUpdateProfile(userId);
  const [formError, setFormError] = useState<string>();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(profileUpdateSchema), defaultValues: initial(user) });
  const { errors, isSubmitting } = form.formState;
  const label = (name: (typeof allFields)[number]) => t(`profile.info.fields.${name}`);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      notify.success(t('profile.info.saved'));
    } catch (error) {
      setFormError(applyServerError(error, form.setError, [...allFields]));
      alertSaveFailure(error, t('profile.info.saveFailure'));
    }
  });

  const countries = options.data?.countries ?? [];
  const methods = options.data?.methods ?? [];
  const sites = options.data?.sites ?? [];
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={userId === undefined ? t('profile.info.heading') : t('profile.staffView.heading')}>
      <FormAlert message={formError} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...form.register('first_name')} label={label('first_name')} required fullWidth autoComplete="name" error={Boolean(errors.first_name)} helperText={errors.first_name?.message} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.info.fields.email')} value={user.email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} helperText={userId === undefined ? t('profile.info.emailHint') : t('profile.staffView.emailHint')} />
        </Grid>
        {textFields.map((name) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <TextField {...form.register(name)} label={label(name)} fullWidth error={Boolean(errors[name])} helperText={errors[name]?.message} inputMode={name === 'phone' ? 'tel' : name === 'website' ? 'url' : 'text'} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Autocomplete
                options={countries}
                getOptionLabel={(o) => o.name}
                value={countries.find((c) => c.code === field.value) ?? null}
                onChange={(_, v) => field.onChange(v?.code ?? '')}
                renderInput={(params) => <TextField {...params} label={label('country')} error={Boolean(errors.country)} helperText={errors.country?.message} />}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Controller
            control={form.control}
            name="sites_ids"
            render={({ field }) => (
              <Autocomplete
                multiple
                options={sites}
                getOptionLabel={(o) => o.display_name}
                value={sites.filter((s) => (field.value ?? []).some((id) => Number(id) === s.id))}
                onChange={(_, v) => field.onChange(v.map((s) => s.id))}
                renderInput={(params) => <TextField {...params} label={label('sites_ids')} error={Boolean(errors.sites_ids)} helperText={errors.sites_ids?.message} />}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Controller
            control={form.control}
            name="methods"
            render={({ field }) => (
              <Autocomplete
                multiple
                options={methods}
                getOptionLabel={(o) => o.label}
                value={methods.filter((m) => (field.value ?? []).includes(m.value))}
                onChange={(_, v) => field.onChange(v.map((m) => m.value))}
                renderInput={(params) => <TextField {...params} label={label('methods')} error={Boolean(errors.methods)} helperText={errors.methods?.message} />}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TextField {...form.register('traffic_sources')} label={label('traffic_sources')} multiline minRows={2} fullWidth error={Boolean(errors.traffic_sources)} helperText={errors.traffic_sources?.message} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Controller
            control={form.control}
            name="remove_splash_screen"
            render={({ field }) => <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(_, c) => field.onChange(c)} />} label={userId === undefined ? label('remove_splash_screen') : t('profile.staffView.removeSplashScreen')} />}
          />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.info.save')}
      </Button>
    </Stack>
  );
}

/** Staff keep only their name (and see their email and avatar). */
export function StaffNameForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const save = useUpdateProfile(undefined);
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(profileUpdateSchema), defaultValues: { first_name: user.name } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ first_name: values.first_name });
      notify.success(t('profile.info.saved'));
    } catch (error) {
      applyServerError(error, form.setError, ['first_name']);
      alertSaveFailure(error, t('profile.info.saveFailure'));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('profile.info.staffHeading')}>
      <TextField {...form.register('first_name')} label={t('profile.info.fields.first_name')} required fullWidth error={Boolean(errors.first_name)} helperText={errors.first_name?.message} />
      <TextField label={t('profile.info.fields.email')} value={user.email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.info.save')}
      </Button>
    </Stack>
  );
}
