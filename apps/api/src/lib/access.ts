import { networkFigureKeys, type Permission } from '@portal/contracts';

/**
 * The words of the access rules: who may call a route, said by the route's guard where it is
 * declared (`onRequest: requireAccess(app, staff('settings'))`, plugins/auth.ts), and how a rule is read.
 */

/** Reply keys only staff with `permission` receive: an affiliate's reply never carries them, not even as null. */
export interface StaffOnlyKeys {
  permission: Permission;
  keys: readonly string[];
}

export type Access = (
  /** No sign-in (the route may need a credential of its own, such as a site's API key). */
  | { who: 'anyone' }
  /** Any signed-in user, affiliate or staff. */
  | { who: 'signed-in' }
  /** Affiliates only; `own`: the id in the path is of something the affiliate owns. */
  | { who: 'client'; own?: boolean }
  /** Staff with any one of `permissions` (none listed: any staff user). */
  | { who: 'staff'; permissions: readonly Permission[] }
  /** Affiliates (their own, where ids are involved) and staff with the permission; `staffOnly`: reply keys affiliates never get. */
  | { who: 'client-or-staff'; permission: Permission; own?: boolean; staffOnly?: StaffOnlyKeys }
  /** The owner only. */
  | { who: 'owner' }
) & {
  /**
   * The path parameter holding an affiliate's id: staff of a role limited to assigned affiliates
   * get 404 for an affiliate not assigned to them (the guard checks it before the route runs).
   */
  affiliate?: string;
  /** Acts on every affiliate at once: staff of a role limited to assigned affiliates get 403. */
  wholeNetwork?: boolean;
};

export const anyone: Access & { who: 'anyone' } = { who: 'anyone' };
export const signedIn: Access = { who: 'signed-in' };
export const client: Access = { who: 'client' };
export const owner: Access = { who: 'owner' };
export const staff = (...permissions: Permission[]): Access => ({ who: 'staff', permissions });
export const clientOrStaff = (permission: Permission, staffOnly?: StaffOnlyKeys): Access =>
  staffOnly ? { who: 'client-or-staff', permission, staffOnly } : { who: 'client-or-staff', permission };
/** The network's own figures (revenue, cost, margin): staff with the statistics permission only. */
export const networkFigures: StaffOnlyKeys = { permission: 'statistics', keys: networkFigureKeys };
/** The path's id is of something an affiliate owns: another affiliate must not reach it. */
export const own = (access: Access): Access => (access.who === 'client' || access.who === 'client-or-staff' ? { ...access, own: true } : access);

/** The path's `{param}` is an affiliate's id: a manager limited to assigned affiliates reaches only theirs (404). */
export const ofAffiliate = (access: Access, param = 'id'): Access => ({ ...access, affiliate: param });
/** A network-wide action or view: staff of a role limited to assigned affiliates are refused (403). */
export const wholeNetwork = (access: Access): Access => ({ ...access, wholeNetwork: true });

/** The facts about a caller a rule looks at. */
export interface Caller {
  isClient: boolean;
  isOwner: boolean;
  permissions: ReadonlySet<string>;
  /** Staff whose role reaches only the affiliates assigned to them. */
  assignedOnly?: boolean;
}

/** Whether the rule lets this caller in (undefined: not signed in). Ownership of ids is the query's job. */
export function mayCall(access: Access, caller: Caller | undefined): boolean {
  if (access.who === 'anyone') return true;
  if (!caller) return false;
  if (access.wholeNetwork && caller.assignedOnly) return false;
  switch (access.who) {
    case 'signed-in':
      return true;
    case 'client':
      return caller.isClient;
    case 'staff':
      return !caller.isClient && (access.permissions.length === 0 || access.permissions.some((p) => caller.permissions.has(p)));
    case 'client-or-staff':
      return caller.isClient || caller.permissions.has(access.permission);
    case 'owner':
      return !caller.isClient && caller.isOwner;
  }
}

/** Whether the caller receives the rule's staff-only reply keys (false when the rule has none). */
export function seesStaffOnly(access: Access, caller: Caller): boolean {
  if (access.who !== 'client-or-staff' || !access.staffOnly) return false;
  return !caller.isClient && caller.permissions.has(access.staffOnly.permission);
}

/** Describes a rule in words (the test's messages, docs). */
export function describeAccess(access: Access): string {
  switch (access.who) {
    case 'anyone':
      return 'anyone';
    case 'signed-in':
      return 'any signed-in user';
    case 'client':
      return access.own ? 'affiliates, their own' : 'affiliates';
    case 'staff':
      return access.permissions.length ? `staff with ${access.permissions.join(' or ')}` : 'any staff user';
    case 'client-or-staff':
      return `affiliates${access.own ? ' (their own)' : ''} and staff with ${access.permission}${access.staffOnly ? `; ${access.staffOnly.keys.join(', ')} only for staff with ${access.staffOnly.permission}` : ''}`;
    case 'owner':
      return 'the owner';
  }
}
