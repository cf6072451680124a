/** SPEC.md section 6: permission names. Profile needs none. */
export const permissions = [
  'dashboard',
  'statistics',
  'creatives',
  'payouts',
  'offers',
  'affiliates',
  'announcements',
  'settings',
  /** The Fraud screen: fraud rules, held conversions, appeals (docs/fraud.md). */
  'fraud',
] as const;

export type Permission = (typeof permissions)[number];

/** What every affiliate may open: their dashboard, statistics, creatives, offers and the news. */
export const clientPermissions: readonly Permission[] = ['dashboard', 'statistics', 'creatives', 'offers', 'announcements'];
