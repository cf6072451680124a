import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ResetRequest, resetRequestSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { useCompleteSignIn } from '../lib/use-complete-sign-in.ts';
import { AuthHeading } from './auth-heading.tsx';

// The token is not drawn: a server message about it (an expired link) stands above the fields.
const fields: FormItem<ResetRequest>[] = [
  { name: 'token', label: 'token', type: 'text', hidden: true },
  { name: 'password', label: 'auth.reset.password', type: 'password', autocomplete: 'new-password' },
  { name: 'password_confirmation', label: 'auth.reset.passwordConfirmation', type: 'password', autocomplete: 'new-password' },
];

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // SPEC.md section 2: without a token the page goes to sign-in.
  if (!token) return <Navigate to="/signin" replace />;
  return <ResetPasswordFields token={token} />;
}

function ResetPasswordFields({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const completeSignIn = useCompleteSignIn();

  async function submit(values: SavedValues<typeof resetRequestSchema>) {
    const { message, tokens } = await reset.mutateAsync(values);
    notify.success(message);
    // A staff invitation signs the new staff member in; SPEC.md section 4: after a reset the user goes to Login.
    if (tokens) await completeSignIn(tokens);
    else await navigate('/signin', { replace: true });
  }

  return (
    <Stack spacing={2.5}>
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <DynamicForm
        schema={resetRequestSchema}
        fields={fields}
        defaultValues={{ token, password: '', password_confirmation: '' }}
        mode="inline"
        onSubmit={submit}
        submitLabel={t('auth.reset.submit')}
        wideSubmit
      />
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.reset.back')}
      </Link>
    </Stack>
  );
}
