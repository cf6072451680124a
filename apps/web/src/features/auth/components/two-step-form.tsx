import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ConfirmRequest, confirmRequestSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmLogin } from '../api/confirm-login.ts';
import { readTwoStepSession } from '../lib/two-step.ts';
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

function TwoStepFields({ sessionToken }: { sessionToken: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmLogin();
  const completeSignIn = useCompleteSignIn();

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
        schema={confirmRequestSchema}
        fields={fields}
        defaultValues={{ session_token: sessionToken, code: '' }}
        mode="inline"
        onSubmit={submit}
        submitLabel={t('auth.twoStep.submit')}
        wideSubmit
      />
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.twoStep.back')}
      </Link>
    </Stack>
  );
}
