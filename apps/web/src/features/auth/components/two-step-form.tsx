import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ConfirmRequest, confirmRequestSchema } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { alertError, ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useConfirmLogin } from '../api/confirm-login.ts';
import { useResendCode } from '../api/resend-code.ts';
import { readTwoStepSession, saveTwoStepSession } from '../lib/two-step.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import { AuthHeading } from './auth-heading.tsx';

const fields: FormItem<ConfirmRequest>[] = [
  { name: 'session_token', label: 'session_token', type: 'text', hidden: true },
  { name: 'code', label: 'auth.twoStep.code', type: 'text', max: 6, autocomplete: 'one-time-code', inputMode: 'numeric', autoFocus: true },
];

export function TwoStepForm() {
  const location = useLocation();
  const state: unknown = location.state;
  const fromState = state && typeof state === 'object' && 'sessionToken' in state && typeof state.sessionToken === 'string' ? state.sessionToken : null;
  const sessionToken = fromState ?? readTwoStepSession();
  if (!sessionToken) return <Navigate to="/signin" replace />;
  return <TwoStepFields sessionToken={sessionToken} />;
}

/** Seconds before another code may be asked for, so an impatient second click does not send two. */
const RESEND_WAIT_S = 30;

function TwoStepFields({ sessionToken: first }: { sessionToken: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmLogin();
  const resend = useResendCode();
  const completeSignIn = useCompleteSignIn();
  const [sessionToken, setSessionToken] = useState(first);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const waiting = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  useEffect(() => {
    if (!waitUntil) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= waitUntil) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [waitUntil]);

  async function sendNew() {
    try {
      const reply = await resend.mutateAsync(sessionToken);
      saveTwoStepSession(reply.session_token);
      setSessionToken(reply.session_token);
      setWaitUntil(Date.now() + RESEND_WAIT_S * 1000);
      setNow(Date.now());
      notify.success(reply.message);
    } catch (error) {
      alertError(error);
    }
  }

  async function submit(values: SavedValues<typeof confirmRequestSchema>) {
    try {
      await completeSignIn(await confirm.mutateAsync(values));
    } catch (error) {
      // A wrong code is about the code, even when the reply names no field.
      if (error instanceof ApiError && error.code === 'code_invalid' && !error.errors) {
        throw new ApiError(error.status, error.code, error.message, { code: [error.message] }, error.retryAfter);
      }
      throw error;
    }
  }

  return (
    <Stack spacing={2.5}>
      <AuthHeading title={t('auth.twoStep.title')} subtitle={t('auth.twoStep.subtitle')} />
      <DynamicForm
        key={sessionToken}
        schema={confirmRequestSchema}
        fields={fields}
        defaultValues={{ session_token: sessionToken, code: '' }}
        mode="inline"
        onSubmit={submit}
        submitLabel={t('auth.twoStep.submit')}
        wideSubmit
      />
      <Button variant="text" onClick={() => void sendNew()} loading={resend.isPending} disabled={waiting > 0} sx={{ alignSelf: 'center' }}>
        {waiting > 0 ? t('auth.twoStep.resendIn', { seconds: waiting }) : t('auth.twoStep.resend')}
      </Button>
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.twoStep.back')}
      </Link>
    </Stack>
  );
}
