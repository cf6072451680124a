import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useHasUnread } from '../api/get-has-unread.ts';

/** The top bar's bell: links to /announcements, with a dot while the user has unread news. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const unread = useHasUnread().data === true;
  const label = t(unread ? 'shell.topBar.unread' : 'shell.topBar.notifications');
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to="/announcements" color="inherit" aria-label={label} data-unread={unread}>
        <Badge variant="dot" color="error" invisible={!unread} data-testid="bell-dot" overlap="circular">
          <NotificationsNone />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
