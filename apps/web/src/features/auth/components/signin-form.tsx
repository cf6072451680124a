import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type LoginRequest, loginRequestSchema } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { useConfig } from '../../../lib/public-config.ts';
import { useLogin } from '../api/login.ts';
import { takeSigninDraft } from '../lib/signin-draft.ts';
import { useBotCheck } from '../lib/use-bot-check.tsx';
import { saveTwoStepSession } from '../lib/two-step.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import { AuthHeading } from './auth-heading.tsx';
import { SocialButtons } from './social-buttons.tsx';

const formId = 'signin-form';

const fields: FormItem<LoginRequest>[] = [
  { name: 'email', label: 'auth.signin.email', type: 'email', autocomplete: 'email' },
  { name: 'password', label: 'auth.signin.password', type: 'password', autocomplete: 'current-password' },
];

export function SigninForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useConfig();
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  // A failed social sign-in comes back here with its message; it stands until the next try.
  const [socialError, setSocialError] = useState(params.get('social_error') ?? undefined);
  const botCheck = useBotCheck(config.data?.captcha);
  // Log In pressed on the first paint: sent once the settings say no bot check has to be solved first.
  const sendTakenOver = useRef(false);
  const takeOver = () => {
    const draft = takeSigninDraft();
    sendTakenOver.current = draft?.submit === true;
    return draft;
  };
  useEffect(() => {
    if (!sendTakenOver.current || !config.data) return;
    sendTakenOver.current = false;
    if (!config.data.captcha) document.querySelector<HTMLFormElement>(`#${formId}`)?.requestSubmit();
  }, [config.data]);

  async function submit(values: SavedValues<typeof loginRequestSchema>) {
    setSocialError(undefined);
    await botCheck.send(async (captcha_token) => {
      const data = await login.mutateAsync({ ...values, captcha_token });
      if ('session_token' in data) {
        saveTwoStepSession(data.session_token);
        await navigate('/two-step-signin', { state: { sessionToken: data.session_token } });
      } else {
        await completeSignIn(data);
      }
    });
  }

  return (
    <Stack spacing={2.5}>
      <AuthHeading title={t('auth.signin.title')} subtitle={t('auth.signin.subtitle')} />
      <FormAlert message={socialError} />
      <DynamicForm id={formId} schema={loginRequestSchema} fields={fields} defaultValues={{ email: '', password: '' }} mode="inline" onSubmit={submit} submitLabel={t('auth.signin.submit')} wideSubmit takeOver={takeOver}>
        <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ justifySelf: 'end' }}>
          {t('auth.signin.forgot')}
        </Link>
        {botCheck.widget}
      </DynamicForm>
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
