import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type RegisterRequest, registerRequestSchema } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { useConfig } from '../../../lib/public-config.ts';
import { type FormOptions, useFormOptions } from '../api/get-form-options.ts';
import { useRegister } from '../api/register.ts';
import { useBotCheck } from '../lib/use-bot-check.tsx';
import { AuthHeading } from './auth-heading.tsx';
import { SocialButtons } from './social-buttons.tsx';

const defaultValues: RegisterRequest = {
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
  // Unticked until the person ticks it; the schema takes only a tick.
  accept_terms: false as unknown as true,
};

const l = 'auth.signup';

/** The affiliate fields of SPEC.md section 3, in three sections; choices come from the form options. */
function signupFields(options: FormOptions | undefined, noCountry: string): FormItem<RegisterRequest>[] {
  return [
    { name: 'first_name', label: `${l}.firstName`, type: 'text', required: true, row: 1, max: 100, autocomplete: 'given-name', heading: `${l}.account` },
    { name: 'email', label: `${l}.email`, type: 'email', required: true, row: 1, autocomplete: 'email' },
    { name: 'password', label: `${l}.password`, type: 'password', required: true, row: 2, autocomplete: 'new-password' },
    { name: 'password_confirmation', label: `${l}.passwordConfirmation`, type: 'password', required: true, row: 2, autocomplete: 'new-password' },
    {
      name: 'sites_ids',
      label: `${l}.sites`,
      type: 'multiselect',
      row: 3,
      heading: `${l}.promotion`,
      options: (options?.sites ?? []).map((s) => ({ value: s.id, label: s.display_name })),
    },
    { name: 'methods', label: `${l}.methods`, type: 'multiselect', row: 3, options: options?.methods ?? [] },
    { name: 'website', label: `${l}.website`, type: 'url', row: 4, max: 255, autocomplete: 'url' },
    { name: 'hear_about', label: `${l}.hearAbout`, type: 'text', row: 4, max: 255 },
    { name: 'traffic_sources', label: `${l}.trafficSources`, type: 'textarea', max: 1000 },
    { name: 'company', label: `${l}.company`, type: 'text', row: 5, max: 200, autocomplete: 'organization', heading: `${l}.contact` },
    { name: 'address', label: `${l}.address`, type: 'text', row: 5, max: 255, autocomplete: 'street-address' },
    { name: 'city', label: `${l}.city`, type: 'text', row: 6, max: 100, autocomplete: 'address-level2' },
    { name: 'postal_code', label: `${l}.postalCode`, type: 'text', row: 6, max: 20, autocomplete: 'postal-code' },
    {
      name: 'country',
      label: `${l}.country`,
      type: 'select',
      row: 7,
      // "Not set" is a choice of its own: the field is never empty (null), as the contract wants a string.
      clearable: false,
      options: [{ value: '', label: noCountry }, ...(options?.countries ?? []).map((c) => ({ value: c.code, label: c.name }))],
    },
    { name: 'phone', label: `${l}.phone`, type: 'text', row: 7, max: 40, autocomplete: 'tel' },
    { name: 'chat_id', label: `${l}.chatId`, type: 'text', max: 100, autocomplete: 'off' },
    { name: 'accept_terms', label: `${l}.acceptTerms`, type: 'checkbox', required: true, labelLinks: { terms: '/terms-and-conditions' } },
  ];
}

export function SignupForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const referredBy = params.get('referred_by');
  const config = useConfig();
  const options = useFormOptions();
  const register = useRegister();
  const [sent, setSent] = useState<string>();
  const botCheck = useBotCheck(config.data?.captcha);
  const noCountry = t(`${l}.noCountry`);
  const fields = useMemo(() => signupFields(options.data, noCountry), [options.data, noCountry]);

  async function submit(values: SavedValues<typeof registerRequestSchema>) {
    await botCheck.send((captcha_token) => register.mutateAsync({ body: { ...values, captcha_token }, referredBy }));
    // The heading says "Check your email"; the line below says where it went, not the same words again.
    setSent(t(`${l}.sentText`, { email: values.email }));
  }

  if (sent) {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h4" component="h1">
          {t(`${l}.sentTitle`)}
        </Typography>
        <Alert severity="success">{sent}</Alert>
        <Button component={RouterLink} to="/signin" variant="contained">
          {t(`${l}.toSignin`)}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <AuthHeading title={t(`${l}.title`)} subtitle={t(`${l}.subtitle`)} />
      <DynamicForm
        schema={registerRequestSchema}
        fields={fields}
        defaultValues={defaultValues}
        mode="inline"
        onSubmit={submit}
        submitLabel={t(`${l}.submit`)}
        wideSubmit
        // Signing up with a provider takes the same box: the buttons wait for it and carry it along.
        renderFooter={(values) => <SocialButtons providers={config.data?.social_providers ?? []} terms={values.accept_terms === true ? 'accepted' : 'asked'} />}
      >
        {botCheck.widget}
      </DynamicForm>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t(`${l}.haveAccount`)}{' '}
        <Link component={RouterLink} to="/signin">
          {t(`${l}.toSignin`)}
        </Link>
      </Typography>
    </Stack>
  );
}
