import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Webhook from '@mui/icons-material/Webhook';
import BarChart from '@mui/icons-material/BarChart';
import Campaign from '@mui/icons-material/Campaign';
import Dashboard from '@mui/icons-material/Dashboard';
import FactCheck from '@mui/icons-material/FactCheckOutlined';
import GppMaybe from '@mui/icons-material/GppMaybeOutlined';
import Groups from '@mui/icons-material/Groups';
import Logout from '@mui/icons-material/Logout';
import Newspaper from '@mui/icons-material/Newspaper';
import Person from '@mui/icons-material/Person';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Settings from '@mui/icons-material/Settings';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MenuIcon, MenuItem } from '../menu.ts';

const icons: Record<MenuIcon, ReactElement> = {
  dashboard: <Dashboard />,
  affiliates: <Groups />,
  statistics: <BarChart />,
  conversionLog: <FactCheck />,
  fraud: <GppMaybe />,
  billerEvents: <Webhook />,
  campaigns: <Campaign />,
  offers: <LocalOffer />,
  creatives: <PhotoLibrary />,
  announcements: <Newspaper />,
  payments: <ReceiptLong />,
  payouts: <AccountBalanceWallet />,
  settings: <Settings />,
  profile: <Person />,
};

export interface SideMenuProps {
  items: readonly MenuItem[];
  pathname: string;
  /** Labels shown (the mini drawer hides them while collapsed; they stay the links' accessible names). */
  expanded: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
}

const itemSx = { minHeight: 48, px: 2.5, borderRadius: 2, mx: 1, flexGrow: 1 } as const;

export function SideMenu({ items, pathname, expanded, onNavigate, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const labelSx = { opacity: expanded ? 1 : 0, transition: 'opacity 150ms', whiteSpace: 'nowrap' } as const;
  return (
    <nav aria-label={t('shell.menu.label')}>
      <List sx={{ py: 1 }}>
        {items.map((item) => {
          const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
          return (
            <ListItem key={item.path} disablePadding>
              <ListItemButton component={RouterLink} to={item.path} selected={active} aria-current={active ? 'page' : undefined} onClick={onNavigate} sx={itemSx}>
                <ListItemIcon sx={{ minWidth: 0, mr: 2.5, color: active ? 'primary.light' : 'inherit' }}>{icons[item.icon]}</ListItemIcon>
                <ListItemText primary={t(item.label)} sx={labelSx} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Divider />
      <List sx={{ py: 1 }}>
        <ListItem disablePadding>
          <ListItemButton onClick={onLogout} sx={itemSx}>
            <ListItemIcon sx={{ minWidth: 0, mr: 2.5, color: 'inherit' }}>
              <Logout />
            </ListItemIcon>
            <ListItemText primary={t('shell.menu.logout')} sx={labelSx} />
          </ListItemButton>
        </ListItem>
      </List>
    </nav>
  );
}
