import type { Permission, UserProfile } from '@portal/contracts';
import { matchPath } from 'react-router';

/** What a protected route asks of the user: a permission, a role (client or admin), both, or nothing. */
export interface RouteRequirement {
  permission?: Permission;
  /** Any one of these permissions (the biller event log: offers or payouts). */
  anyPermission?: readonly Permission[];
  role?: 'client' | 'admin';
}

/**
 * SPEC.md section 2 (Protected) and section 6, in one place: the router guard and the side menu read it.
 * Failing a requirement leads to /profile, which needs nothing.
 */
export const protectedRoutes = {
  '/dashboard': { permission: 'dashboard' },
  '/statistics': { permission: 'statistics' },
  '/conversion-log': { permission: 'statistics' },
  '/biller-events': { anyPermission: ['offers', 'payouts'], role: 'admin' },
  '/creatives': { permission: 'creatives' },
  '/payouts': { permission: 'payouts' },
  '/payments': { role: 'client' },
  '/campaigns': { role: 'client' },
  '/offers': { permission: 'offers' },
  '/offers/:id': { permission: 'offers', role: 'admin' },
  '/affiliates': { permission: 'affiliates', role: 'admin' },
  '/affiliates/tax-forms': { permission: 'affiliates', role: 'admin' },
  '/announcements': { permission: 'announcements' },
  '/fraud': { permission: 'fraud', role: 'admin' },
  '/settings': { permission: 'settings' },
  '/profile': {},
} as const satisfies Record<string, RouteRequirement>;

export type ProtectedPath = keyof typeof protectedRoutes;

/** The requirement of a protected address, or undefined when the address is not protected. */
export function requirementFor(pathname: string): RouteRequirement | undefined {
  for (const [pattern, requirement] of Object.entries(protectedRoutes)) {
    if (matchPath({ path: pattern, end: true }, pathname)) return requirement;
  }
  return undefined;
}

type Subject = Pick<UserProfile, 'is_client' | 'assigned_permissions'>;

/** Role client needs a client; role admin needs a non-client (staff); a permission must be assigned. */
export function meetsRequirement(user: Subject, requirement: RouteRequirement): boolean {
  if (requirement.role === 'client' && !user.is_client) return false;
  if (requirement.role === 'admin' && user.is_client) return false;
  if (requirement.permission && !(user.assigned_permissions ?? []).includes(requirement.permission)) return false;
  if (requirement.anyPermission && !requirement.anyPermission.some((p) => (user.assigned_permissions ?? []).includes(p))) return false;
  return true;
}

export function canVisit(user: Subject, pathname: string): boolean {
  const requirement = requirementFor(pathname);
  return requirement === undefined || meetsRequirement(user, requirement);
}
