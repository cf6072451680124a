import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UserProfile } from '@portal/contracts';
import { useIsFetching } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo.tsx';
import type { MenuItem } from '../menu.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

export const DRAWER_WIDTH = 280;
const MAIN_ID = 'main-content';
export const MINI_WIDTH = 72;

export interface AppLayoutProps {
  user: UserProfile;
  items: readonly MenuItem[];
  pathname: string;
  onLogout: () => void;
  bell: ReactNode;
  heading: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * App layout (SPEC.md section 2): side menu, top bar, page heading, footer. Wider than 1023 px the
 * menu is a mini drawer of icons that expands over the page on hover (or keyboard focus); below, a
 * drawer the top bar's menu button toggles.
 */
export function AppLayout({ user, items, pathname, onLogout, bell, heading, footer, children }: AppLayoutProps) {
  const theme = useTheme();
  const { t } = useTranslation();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [hovered, setHovered] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const busy = useIsFetching() > 0;
  const offset = desktop ? MINI_WIDTH : 0;

  // In the collapsed mini drawer only the mark shows; the name appears as the drawer widens.
  const brandNameShown = !desktop || hovered;
  const brand = (
    <Toolbar sx={{ px: 2.5, gap: 1, overflow: 'hidden', '& .pub-logo': { fontSize: '1.05rem' }, '& .pub-logo span': { opacity: brandNameShown ? 1 : 0, transition: 'opacity 150ms' } }}>
      <Logo />
    </Toolbar>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        onClick={(e: MouseEvent) => {
          // Focus moves with the skip, so the next Tab goes on from the page's content.
          e.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        sx={{
          position: 'fixed',
          zIndex: theme.zIndex.tooltip + 1,
          left: 8,
          top: 8,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.light',
          fontWeight: 600,
          boxShadow: 8,
          transform: 'translateY(-200%)',
          '&:focus': { transform: 'none', outline: `2px solid ${theme.palette.primary.light}` },
        }}
      >
        {t('shell.skipToContent')}
      </Box>
      <TopBar user={user} desktop={desktop} menuOpen={mobileOpen} onMenu={() => setMobileOpen((o) => !o)} bell={bell} offset={offset} />
      {desktop ? (
        <Drawer
          variant="permanent"
          id="side-menu"
          data-expanded={hovered}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setHovered(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
          }}
          slotProps={{
            paper: {
              sx: {
                width: hovered ? DRAWER_WIDTH : MINI_WIDTH,
                overflowX: 'hidden',
                transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
                zIndex: theme.zIndex.appBar + 1,
                boxShadow: hovered ? 8 : 0,
              },
            },
          }}
        >
          {brand}
          <SideMenu items={items} pathname={pathname} expanded={hovered} onLogout={onLogout} onNavigate={() => setHovered(false)} />
        </Drawer>
      ) : (
        <Drawer variant="temporary" id="side-menu" open={mobileOpen} onClose={() => setMobileOpen(false)} slotProps={{ paper: { 'aria-label': t('shell.menu.label'), sx: { width: DRAWER_WIDTH } } }}>
          {brand}
          <SideMenu items={items} pathname={pathname} expanded onLogout={onLogout} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, pl: `${offset}px`, minWidth: 0 }}>
        <Toolbar />
        {/* Busy while the page's data is on its way (retries included): assistive technology waits for it, and so do the browser tests. */}
        <Box component="main" id={MAIN_ID} tabIndex={-1} aria-busy={busy} sx={{ flexGrow: 1, px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 }, minWidth: 0, outline: 'none' }}>
          {heading}
          {children}
        </Box>
        {footer}
      </Box>
    </Box>
  );
}
