import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo.tsx';
import { initials } from '../initials.ts';
import { EligibilityIndicator } from './profile-issues.tsx';

export interface TopBarProps {
  user: UserProfile;
  desktop: boolean;
  menuOpen: boolean;
  onMenu: () => void;
  /** The notifications bell (features/announcements). */
  bell: ReactNode;
  offset: number;
}

/** Top bar: menu toggle (below desktop), payout eligibility, the bell, and who is signed in. */
export function TopBar({ user, desktop, menuOpen, onMenu, bell, offset }: TopBarProps) {
  const { t } = useTranslation();
  const subtitle = user.is_client ? user.tier?.name : user.role?.display_name;
  return (
    <AppBar position="fixed" color="default" elevation={0} sx={{ bgcolor: 'background.paper', backgroundImage: 'none', borderBottom: 1, borderColor: 'divider', pl: `${offset}px`, width: '100%' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        {desktop ? null : (
          <IconButton edge="start" color="inherit" aria-label={t(menuOpen ? 'shell.menu.close' : 'shell.menu.open')} aria-expanded={menuOpen} aria-controls="side-menu" onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, minWidth: 0 }}>{desktop ? null : <Logo />}</Box>
        <Box sx={{ flexGrow: 1 }} />
        {user.is_client ? <EligibilityIndicator issues={user.issues} awaitingApproval={user.awaiting_approval} /> : null}
        {bell}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} aria-label={t('shell.topBar.user', { name: user.name })} role="group">
          <Box sx={{ textAlign: 'right', minWidth: 0, display: { xs: 'none', md: 'block' } }}>
            <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap data-testid="user-name">
              {user.name}
            </Typography>
            {subtitle ? (
              <Typography variant="caption" color="text.secondary" noWrap component="p" data-testid="user-role">
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          <Avatar src={user.avatar?.url ?? undefined} alt={user.avatar ? user.name : undefined} sx={{ width: 36, height: 36, bgcolor: 'primary.dark', color: 'common.white', fontSize: 15, fontWeight: 600 }}>
            {initials(user.name)}
          </Avatar>
        </Box>
      </Toolbar>
    </AppBar>
  );
}
