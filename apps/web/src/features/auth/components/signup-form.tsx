import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type RegisterRequest, registerRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BotCheck } from '../../../components/bot-check.tsx';
import { PasswordInput } from '../../../components/forms/password-input.tsx';
import { useConfig } from '../../../lib/public-config.ts';
import { useFormOptions } from '../api/get-form-options.ts';
import { useRegister } from '../api/register.ts';
import { applyServerError } from '../lib/server-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { SocialButtons } from './social-buttons.tsx';

type Values = RegisterRequest;

const fields = [
  'first_name',
  'email',
  'password',
  'password_confirmation',
  'sites_ids',
  'company',
  'address',
  'city',
  'postal_code',
  'country',
  'phone',
  'chat_id',
  'website',
  'traffic_sources',
  'methods',
  'hear_about',
] as const satisfies readonly Path<Values>[];

const textFields = [
  ['company', 'company', 'organization'],
  ['address', 'address', 'street-address'],
  ['city', 'city', 'address-level2'],
  ['postal_code', 'postalCode', 'postal-code'],
  ['phone', 'phone', 'tel'],
  ['chat_id', 'chatId', 'off'],
] as const;

export function SignupForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const referredBy = params.get('referred_by');
  const config = useConfig();
  const options = useFormOptions();
  const register = useRegister();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<Values>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: {
      first_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      sites_ids: [],
      company: '',
      address: '',
      city: '',
      postal_code: '',
      country: '',
      phone: '',
      chat_id: '',
      website: '',
      traffic_sources: '',
      methods: [],
      hear_about: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldProps = (name: Path<Values>) => ({
    error: Boolean(errors[name as keyof typeof errors]),
    helperText: errors[name as keyof typeof errors]?.message,
    fullWidth: true,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      setSent(await register.mutateAsync({ body: values, referredBy }));
    } catch (error) {
      setFormError(applyServerError(error, form.setError, fields));
      setCaptchaKey((k) => k + 1);
      form.setValue('captcha_token', undefined);
    }
  });

  if (sent) {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h4" component="h1">
          {t('auth.signup.sentTitle')}
        </Typography>
        <Alert severity="success">{sent}</Alert>
        <Button component={RouterLink} to="/signin" variant="contained">
          {t('auth.signup.toSignin')}
        </Button>
      </Stack>
    );
  }

  const sites = options.data?.sites ?? [];
  const methods = options.data?.methods ?? [];
  const countries = options.data?.countries ?? [];

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.signup.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.signup.subtitle')}</Typography>
      </div>
      <FormAlert message={formError} />
      <Typography variant="h6" component="h2">
        {t('auth.signup.account')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...form.register('first_name')} label={t('auth.signup.firstName')} autoComplete="given-name" required {...fieldProps('first_name')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...form.register('email')} label={t('auth.signup.email')} type="email" autoComplete="email" required {...fieldProps('email')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PasswordInput {...form.register('password')} label={t('auth.signup.password')} autoComplete="new-password" required {...fieldProps('password')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PasswordInput
            {...form.register('password_confirmation')}
            label={t('auth.signup.passwordConfirmation')}
            autoComplete="new-password"
            required
            {...fieldProps('password_confirmation')}
          />
        </Grid>
      </Grid>
      <Typography variant="h6" component="h2">
        {t('auth.signup.promotion')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={form.control}
            name="sites_ids"
            render={({ field }) => {
              const value = (field.value ?? []).map(Number);
              return (
                <TextField
                  select
                  label={t('auth.signup.sites')}
                  value={value}
                  onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) =>
                        sites
                          .filter((s) => (selected as number[]).includes(s.id))
                          .map((s) => s.display_name)
                          .join(', '),
                    },
                  }}
                  {...fieldProps('sites_ids')}
                >
                  {sites.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      <Checkbox size="small" checked={value.includes(s.id)} />
                      <ListItemText primary={s.display_name} />
                    </MenuItem>
                  ))}
                </TextField>
              );
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={form.control}
            name="methods"
            render={({ field }) => {
              const value = field.value ?? [];
              return (
                <TextField
                  select
                  label={t('auth.signup.methods')}
                  value={value}
                  onChange={(e) => field.onChange(e.target.value as unknown as string[])}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) =>
                        methods
                          .filter((m) => (selected as string[]).includes(m.value))
                          .map((m) => m.label)
                          .join(', '),
                    },
                  }}
                  {...fieldProps('methods')}
                >
                  {methods.map((m) => (
                    <MenuItem key={m.value} value={m.value}>
                      <Checkbox size="small" checked={value.includes(m.value)} />
                      <ListItemText primary={m.label} />
                    </MenuItem>
                  ))}
                </TextField>
              );
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...form.register('website')} label={t('auth.signup.website')} type="url" autoComplete="url" {...fieldProps('website')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField {...form.register('hear_about')} label={t('auth.signup.hearAbout')} {...fieldProps('hear_about')} />
        </Grid>
        <Grid size={12}>
          <TextField {...form.register('traffic_sources')} label={t('auth.signup.trafficSources')} multiline minRows={2} {...fieldProps('traffic_sources')} />
        </Grid>
      </Grid>
      <Typography variant="h6" component="h2">
        {t('auth.signup.contact')}
      </Typography>
      <Grid container spacing={2}>
        {textFields.map(([name, label, autoComplete]) => (
          <Grid key={name} size={{ xs: 12, md: 6 }}>
            <TextField {...form.register(name)} label={t(`auth.signup.${label}`)} autoComplete={autoComplete} {...fieldProps(name)} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <TextField
                select
                label={t('auth.signup.country')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                autoComplete="country"
                {...fieldProps('country')}
              >
                <MenuItem value="">{t('auth.signup.noCountry')}</MenuItem>
                {countries.map((c) => (
                  <MenuItem key={c.code} value={c.code}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
      <BotCheck key={captchaKey} config={config.data?.captcha} onToken={(token) => form.setValue('captcha_token', token)} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} fullWidth>
        {t('auth.signup.submit')}
      </Button>
      <SocialButtons providers={config.data?.social_providers ?? []} />
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('auth.signup.haveAccount')}{' '}
        <Link component={RouterLink} to="/signin">
          {t('auth.signup.toSignin')}
        </Link>
      </Typography>
    </Stack>
  );
}
