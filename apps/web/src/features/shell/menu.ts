/** Side menu items in SPEC.md order (Conversion log, not in SPEC.md, beside Statistics: docs/tracking-web.md); the layout shows those the user may visit (route-access.ts). */
export const menuItems = [
  { path: '/dashboard', label: 'shell.menu.dashboard', icon: 'dashboard' },
  { path: '/affiliates', label: 'shell.menu.affiliates', icon: 'affiliates' },
  { path: '/statistics', label: 'shell.menu.statistics', icon: 'statistics' },
  { path: '/conversion-log', label: 'shell.menu.conversionLog', icon: 'conversionLog' },
  { path: '/biller-events', label: 'shell.menu.billerEvents', icon: 'billerEvents' },
  { path: '/campaigns', label: 'shell.menu.campaigns', icon: 'campaigns' },
  { path: '/offers', label: 'shell.menu.offers', icon: 'offers' },
  { path: '/creatives', label: 'shell.menu.creatives', icon: 'creatives' },
  { path: '/announcements', label: 'shell.menu.announcements', icon: 'announcements' },
  { path: '/payments', label: 'shell.menu.payments', icon: 'payments' },
  { path: '/payouts', label: 'shell.menu.payouts', icon: 'payouts' },
  { path: '/fraud', label: 'shell.menu.fraud', icon: 'fraud' },
  { path: '/settings', label: 'shell.menu.settings', icon: 'settings' },
  { path: '/profile', label: 'shell.menu.profile', icon: 'profile' },
] as const;

export type MenuItem = (typeof menuItems)[number];
export type MenuIcon = MenuItem['icon'];
