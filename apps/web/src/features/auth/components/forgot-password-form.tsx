import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type ForgotRequest, forgotRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { useConfig } from '../../../lib/public-config.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useBotCheck } from '../lib/use-bot-check.tsx';
import { AuthHeading } from './auth-heading.tsx';

const fields: FormItem<ForgotRequest>[] = [{ name: 'email', label: 'auth.forgot.email', type: 'email', autocomplete: 'email' }];

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const config = useConfig();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string>();
  const botCheck = useBotCheck(config.data?.captcha);

  async function submit(values: SavedValues<typeof forgotRequestSchema>) {
    setSent(await botCheck.send((captcha_token) => forgot.mutateAsync({ ...values, captcha_token })));
  }

  return (
    <Stack spacing={2.5}>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      {sent ? (
        <Alert severity="success">{sent}</Alert>
      ) : (
        <DynamicForm schema={forgotRequestSchema} fields={fields} defaultValues={{ email: '' }} mode="inline" onSubmit={submit} submitLabel={t('auth.forgot.submit')} wideSubmit>
          {botCheck.widget}
        </DynamicForm>
      )}
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.forgot.back')}
      </Link>
    </Stack>
  );
}
