import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** Placeholder Dashboard: the app shell and the statistics widgets replace it. */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('auth.dashboard.title')}
      </Typography>
      {user.impersonated ? <Alert severity="info">{t('auth.dashboard.impersonated')}</Alert> : null}
      <Typography variant="h6" component="p">
        {t('auth.dashboard.welcome', { name: user.name })}
      </Typography>
      <Typography color="text.secondary">{user.is_client ? user.tier?.name : user.role?.display_name}</Typography>
    </Stack>
  );
}
