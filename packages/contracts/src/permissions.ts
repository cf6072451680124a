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
] as const;

export type Permission = (typeof permissions)[number];
