import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useRevokeSession, useSessions } from '../api/sessions.ts';

/** Profile > Security: where the user is signed in, with sign out one and all others. */
export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sessions-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="sessions-heading" variant="h5" component="h2">
          {t('profile.sessions.heading')}
        </Typography>
        <Typography color="text.secondary">{t('profile.sessions.intro')}</Typography>
        {!sessions.data ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <List disablePadding aria-labelledby="sessions-heading">
            {sessions.data.map((s) => (
              <ListItem
                key={s.id}
                divider
                disableGutters
                secondaryAction={
                  s.current ? (
                    <Chip size="small" color="success" label={t('profile.sessions.current')} />
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      aria-label={t('profile.sessions.revokeNamed', { device: s.device })}
                      onClick={() => revoke.mutate(s.id, { onSuccess: () => notify.success(t('profile.sessions.revoked')), onError: alertError })}
                    >
                      {t('profile.sessions.revoke')}
                    </Button>
                  )
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={s.impersonated ? `${s.device} · ${t('profile.sessions.impersonated')}` : s.device}
                  secondary={`${s.place} · ${t('profile.sessions.lastSeen')} ${formatDate(s.last_seen_at)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {others.length ? (
          <Button
            variant="outlined"
            color="error"
            sx={{ alignSelf: 'flex-start' }}
            loading={revoke.isPending}
            onClick={() => revoke.mutate('others', { onSuccess: () => notify.success(t('profile.sessions.othersRevoked')), onError: alertError })}
          >
            {t('profile.sessions.revokeOthers')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
