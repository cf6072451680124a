import { impersonationReplySchema } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Staff's login-as tab says whose eyes it is: "Viewing as <affiliate> — <staff>", read-only or with
 * changes, and Exit ends the session and closes the tab.
 */
export function LoginAsBanner({ onExit }: { onExit: () => Promise<void> }) {
  const { t } = useTranslation();
  const session = useQuery({ queryKey: ['login-as', 'session'], queryFn: async () => impersonationReplySchema.parse(await apiRequest('/v1/login-as/session')).data });
  const s = session.data;
  if (!s) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={async () => {
            await onExit();
            window.close();
          }}
        >
          {t('auth.loginAs.exit')}
        </Button>
      }
    >
      {t('auth.loginAs.banner', { affiliate: s.affiliate.name, staff: s.staff.name })} · {s.read_only ? t('auth.loginAs.readOnly') : t('auth.loginAs.withChanges')}
    </Alert>
  );
}
