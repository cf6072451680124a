import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ForgotRequest, forgotRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BotCheck } from '../../../components/bot-check.tsx';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { useConfig } from '../../../lib/public-config.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

const fields: FormItem<ForgotRequest>[] = [{ name: 'email', label: 'auth.forgot.email', type: 'email', autocomplete: 'email' }];

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const config = useConfig();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string>();
  const [captchaToken, setCaptchaToken] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);

  async function submit(values: SavedValues<typeof forgotRequestSchema>) {
    try {
      setSent(await forgot.mutateAsync({ ...values, captcha_token: captchaToken }));
    } catch (error) {
      setCaptchaKey((k) => k + 1);
      setCaptchaToken(undefined);
      throw error;
    }
  }

  return (
    <Stack spacing={2.5}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('auth.forgot.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.forgot.subtitle')}</Typography>
      </div>
      {sent ? (
        <Alert severity="success">{sent}</Alert>
      ) : (
        <DynamicForm schema={forgotRequestSchema} fields={fields} defaultValues={{ email: '' }} mode="inline" onSubmit={submit} submitLabel={t('auth.forgot.submit')} wideSubmit>
          <BotCheck key={captchaKey} config={config.data?.captcha} onToken={setCaptchaToken} />
        </DynamicForm>
      )}
      <Link component={RouterLink} to="/signin" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.forgot.back')}
      </Link>
    </Stack>
  );
}
