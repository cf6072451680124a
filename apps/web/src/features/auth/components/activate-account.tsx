import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useActivateAccount } from '../api/activate-account.ts';

/** Reads ?token, activates once, shows the result and offers sign-in. */
export function ActivateAccount() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const activate = useActivateAccount();
  const { mutate } = activate;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per token, even when the effect runs twice (StrictMode).
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1">
        {t('auth.activate.title')}
      </Typography>
      {!token ? <Alert severity="error">{t('auth.activate.missingToken')}</Alert> : null}
      {token && (activate.isPending || activate.isIdle) ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-label={t('auth.activate.working')} />
          <Typography>{t('auth.activate.working')}</Typography>
        </Stack>
      ) : null}
      {activate.isSuccess ? <Alert severity="success">{activate.data}</Alert> : null}
      {activate.isError ? (
        <Alert severity="error" role="alert">
          {activate.error.message}
        </Alert>
      ) : null}
      <Button component={RouterLink} to="/signin" variant="contained" size="large">
        {t('auth.activate.signin')}
      </Button>
    </Stack>
  );
}
