import { networkFigureKeys, type Permission } from '@portal/contracts';

/**
 * Who may call each route of the API: the one table. apps/api/test/authorization.test.ts walks the
 * OpenAPI document and, for every operation, checks this table against the route and against the
 * running app (anonymous, two affiliates, staff with each single permission, the owner): a route
 * missing here fails the test, and so does any 2xx to a caller the row does not allow.
 *
 * Adding a route:
 * 1. Add a row `'METHOD /path/{param}'` (the path as the OpenAPI document writes it) below, in the
 *    block of its module, with one of the callers defined here: `anyone`, `signedIn`, `client`,
 *    `staff(permission?)`, `clientOrStaff(permission)`, `owner`; wrap it in `own(...)` when the path
 *    takes the id of something an affiliate owns (the test then tries another affiliate's id).
 * 2. Guard the route with `onRequest: requireAccess(app, 'METHOD /path/{param}')` (plugins/auth.ts):
 *    the hook applies this row, so the route and the table cannot disagree; it is the one way to
 *    guard a route (`{ tokenScope }` names the personal API token scope that may call it too).
 * 3. Routes an affiliate may open get an owned fixture in the test when their path takes an id.
 * 4. A reply with keys only some staff may read names them in its row (`staffOnly`, e.g. the
 *    network's revenue, cost and margin): the route asks `seesStaffOnly` before adding them, and the
 *    test checks that an affiliate's reply never carries them.
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

export const anyone: Access = { who: 'anyone' };
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

/** The facts about a caller the table looks at. */
export interface Caller {
  isClient: boolean;
  isOwner: boolean;
  permissions: ReadonlySet<string>;
  /** Staff whose role reaches only the affiliates assigned to them. */
  assignedOnly?: boolean;
}

/** Whether the row lets this caller in (undefined: not signed in). Ownership of ids is the query's job. */
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

/** Whether the caller receives the row's staff-only reply keys (false when the row has none). */
export function seesStaffOnly(access: Access, caller: Caller): boolean {
  if (access.who !== 'client-or-staff' || !access.staffOnly) return false;
  return !caller.isClient && caller.permissions.has(access.staffOnly.permission);
}

/** Describes a row in words (the test's messages, docs). */
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

export const authorization = {
  // system, settings
  'GET /health': anyone,
  'GET /v1/config': anyone,
  'GET /v1/settings/maintenance': staff('settings'),
  'PUT /v1/settings/maintenance': staff('settings'),
  'GET /v1/settings/dashboard': staff('settings'),
  'PUT /v1/settings/dashboard': staff('settings'),
  'GET /v1/settings/network-details': staff('settings'),
  'PUT /v1/settings/network-details': staff('settings'),
  'GET /v1/settings/terms': staff('settings'),
  'PUT /v1/settings/terms': staff('settings'),
  'GET /v1/settings/global-email': staff('settings'),
  'PUT /v1/settings/global-email': staff('settings'),
  'GET /v1/settings/seo': staff('settings'),
  'PUT /v1/settings/seo': staff('settings'),
  'GET /v1/settings/email-notifications': staff('settings'),
  'PUT /v1/settings/email-notifications': staff('settings'),
  'GET /v1/settings/landing-page-images': staff('settings'),
  'PUT /v1/settings/landing-page-images': staff('settings'),
  'GET /v1/settings/catalogue-sync': staff('settings'),
  'PUT /v1/settings/catalogue-sync': staff('settings'),
  'GET /v1/settings/exchange-rates': staff('settings'),
  'PUT /v1/settings/exchange-rates': staff('settings'),
  'GET /v1/email-templates': staff('settings'),
  'PUT /v1/email-templates/{type}': staff('settings'),
  'POST /v1/email-templates/{type}/reset': staff('settings'),
  'POST /v1/email-templates/{type}/preview': staff('settings'),
  'POST /v1/email-templates/{type}/test': staff('settings'),

  // authentication
  'POST /v1/register': anyone,
  'POST /v1/account/activate': anyone,
  'POST /v2/authentication/login': anyone,
  'POST /v2/authentication/confirm': anyone,
  'POST /v2/authentication/resend-code': anyone,
  'PUT /v1/user/two-step': client,
  'POST /v1/user/accept-terms': client,
  'POST /v1/clients/web/admin/refresh': anyone,
  'POST /v1/authentication/logout': signedIn,
  'POST /v1/password/forgot': anyone,
  'POST /v1/password/reset': anyone,
  'POST /v1/user/password': signedIn,
  'POST /v1/authentication/login-by-code': anyone,
  'POST /v1/authentication/login-as-user': anyone,
  'GET /v1/auth/social/{provider}/callback': anyone,

  // profile
  'GET /v1/user/profile': signedIn,
  'POST /v1/user/profile': signedIn,
  'GET /v1/user/profile/form/options': anyone,
  'GET /v1/user/sessions': signedIn,
  'DELETE /v1/user/sessions': signedIn,
  'DELETE /v1/user/sessions/{id}': signedIn,
  'GET /v1/user/api-tokens': client,
  'POST /v1/user/api-tokens': client,
  'DELETE /v1/user/api-tokens/{id}': own(client),
  'POST /v1/user/avatar': signedIn,
  'DELETE /v1/user/avatar': signedIn,
  'POST /v1/user/profile/appeal': client,
  'POST /v2/affiliates/{id}/approve-profile-info': ofAffiliate(staff('affiliates')),
  'POST /v2/affiliates/{id}/reject-profile-info': ofAffiliate(staff('affiliates')),
  'GET /v1/affiliates/{id}/summary': ofAffiliate(staff('affiliates')),
  'GET /v1/affiliates/{id}/terms-acceptances': ofAffiliate(staff('affiliates')),
  'GET /v1/affiliates/{id}/ledger': ofAffiliate(staff('payouts', 'affiliates')),
  'GET /v1/affiliates/{id}/billing': ofAffiliate(staff('payouts', 'affiliates')),
  'GET /v1/user/email-preferences': signedIn,
  'PUT /v1/user/email-preferences': signedIn,
  'GET /v1/email/unsubscribe': anyone,
  'POST /v1/email/unsubscribe': anyone,

  // affiliates
  'GET /v1/affiliates': staff('affiliates'),
  'GET /v1/affiliates/export.csv': staff('affiliates'),
  'POST /v1/affiliates': staff('affiliates'),
  'PATCH /v1/affiliates/{id}': ofAffiliate(staff('affiliates')),
  'GET /v1/affiliates/managers': staff('affiliates'),
  'GET /v1/affiliates/signup-approval': staff('affiliates', 'settings'),
  'PUT /v1/affiliates/signup-approval': staff('settings'),
  'POST /v1/affiliates/{id}/activate': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/deactivate': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/revshare/pause': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/revshare/unpause': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/approve': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/reject': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/manager': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/tier': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/{id}/offer-reward': ofAffiliate(staff('affiliates')),
  'POST /v1/affiliates/bulk': staff('affiliates'),
  'POST /v1/affiliates/{id}/login-as': ofAffiliate(staff('affiliates')),
  // The login-as banner: the session the caller is in, or null.
  'GET /v1/login-as/session': signedIn,
  'POST /v1/affiliates/{id}/bonus': ofAffiliate(staff('affiliates')),

  // announcements
  'GET /v1/announcements': clientOrStaff('announcements'),
  'POST /v1/announcements': staff('announcements'),
  'GET /v1/announcements/has-unread': signedIn,
  'POST /v1/announcements/mark-all-as-read': client,
  'POST /v1/announcements/mark-as-read': client,
  'GET /v1/announcements/{id}': clientOrStaff('announcements'),
  'POST /v1/announcements/{id}': staff('announcements'),
  'DELETE /v1/announcements/{id}': staff('announcements'),

  // public site
  'GET /v1/landing': anyone,
  'POST /v1/contact': anyone,

  // postbacks
  'GET /v1/postbacks': client,
  'POST /v1/postbacks': client,
  'GET /v1/postbacks/macros': client,
  'GET /v1/postbacks/deliveries': client,
  'GET /v1/postbacks/{id}': own(client),
  'PUT /v1/postbacks/{id}': own(client),
  'DELETE /v1/postbacks/{id}': own(client),
  'POST /v1/postbacks/{id}/test': own(client),

  // sites, offers, landing pages, links
  'GET /v1/sites': clientOrStaff('offers'),
  'POST /v1/sites': staff('offers'),
  'PUT /v1/sites/{id}': staff('offers'),
  'POST /v1/sites/{id}/rotate-key': staff('offers'),
  'GET /v1/offers': clientOrStaff('offers'),
  'POST /v1/offers': wholeNetwork(staff('offers')),
  'GET /v1/offers/{id}': clientOrStaff('offers'),
  'PUT /v1/offers/{id}': wholeNetwork(staff('offers')),
  'POST /v1/offers/{id}/archive': wholeNetwork(staff('offers')),
  'PUT /v1/offers/{id}/payouts': wholeNetwork(staff('offers')),
  'GET /v1/landing-pages': clientOrStaff('offers'),
  'POST /v1/landing-pages': staff('offers'),
  'PUT /v1/landing-pages/{id}': staff('offers'),
  'POST /v1/offers/{id}/tracking-link': client,

  // creatives
  'GET /v1/creatives/sites': clientOrStaff('creatives'),
  'GET /v1/creatives/banners': clientOrStaff('creatives'),
  'GET /v1/creatives/banners/facets': clientOrStaff('creatives'),
  'POST /v1/creatives/banners': staff('creatives'),
  'PATCH /v1/creatives/banners/{id}': staff('creatives'),
  'DELETE /v1/creatives/banners/{id}': staff('creatives'),
  'POST /v1/creatives/banners/{id}/code': client,
  'GET /v1/creatives/logos': clientOrStaff('creatives'),
  'GET /v1/creatives/logos/zip': clientOrStaff('creatives'),
  'POST /v1/creatives/logos': staff('creatives'),
  'PATCH /v1/creatives/logos/{id}': staff('creatives'),
  'DELETE /v1/creatives/logos/{id}': staff('creatives'),
  'GET /v1/creatives/landing-pages': clientOrStaff('creatives'),
  'POST /v1/creatives/landing-pages': staff('creatives'),
  'PATCH /v1/creatives/landing-pages/{id}': staff('creatives'),
  'DELETE /v1/creatives/landing-pages/{id}': staff('creatives'),
  'GET /v1/offers/{id}/logo': clientOrStaff('offers'),
  'POST /v1/offers/{id}/logo': staff('creatives'),
  'DELETE /v1/offers/{id}/logo': staff('creatives'),

  // catalogue: models, scenes, their deep links, feed keys and the public feeds (the key is the credential)
  'GET /v1/sites/{id}': clientOrStaff('offers'),
  'POST /v1/sites/{id}/sync': staff('offers'),
  'GET /v1/creatives/models': clientOrStaff('creatives'),
  'GET /v1/creatives/scenes': clientOrStaff('creatives'),
  'POST /v1/creatives/models/{id}/tracking-link': client,
  'POST /v1/creatives/scenes/{id}/tracking-link': client,
  'GET /v1/creatives/feeds': client,
  'POST /v1/creatives/feeds': client,
  'DELETE /v1/creatives/feeds': client,
  'GET /feeds/{feed_key}/scenes.json': anyone,
  'GET /feeds/{feed_key}/scenes.xml': anyone,
  'GET /feeds/{feed_key}/scenes.rss': anyone,
  'GET /feeds/{feed_key}/models.json': anyone,
  'GET /feeds/{feed_key}/models.xml': anyone,
  'GET /feeds/{feed_key}/models.rss': anyone,

  // billers: a site's biller accounts (staff with offers), the billers' postbacks (the account key in
  // the path is the credential), the event log (staff with offers or payouts) and retention figures
  'GET /v1/sites/{id}/biller-accounts': staff('offers'),
  'POST /v1/sites/{id}/biller-accounts': staff('offers'),
  'PATCH /v1/biller-accounts/{id}': staff('offers'),
  'DELETE /v1/biller-accounts/{id}': staff('offers'),
  'POST /v1/biller-accounts/{id}/rotate-key': staff('offers'),
  'GET /billers/{biller}/{account_key}': anyone,
  'POST /billers/{biller}/{account_key}': anyone,
  'GET /v1/biller-events': staff('offers', 'payouts'),
  'POST /v1/biller-events/{id}/replay': staff('offers', 'payouts'),
  'GET /v1/statistics/retention': clientOrStaff('statistics'),

  // conversions: the site's API key, not a user
  'POST /v1/conversions': anyone,
  'GET /v1/conversions': anyone,
  // the conversion log: staff's actions on one conversion move money
  'POST /v1/conversion-log/{id}/reverse': staff('payouts'),
  'POST /v1/conversion-log/{id}/attach': staff('payouts'),
  // the conversion log: affiliates their own (the query's scope), staff with statistics all of it
  'GET /v1/conversion-log': clientOrStaff('statistics'),
  'GET /v1/conversion-log.csv': clientOrStaff('statistics'),

  // statistics
  'GET /v1/statistics/daily': clientOrStaff('statistics', networkFigures),
  'GET /v1/dashboard': clientOrStaff('dashboard', networkFigures),
  'GET /v1/dashboard/notice': clientOrStaff('dashboard'),

  // campaigns
  'GET /v1/campaigns': client,
  'POST /v1/campaigns': client,
  'PUT /v1/campaigns/{id}': own(client),
  'DELETE /v1/campaigns/{id}': own(client),

  // tiers
  'GET /v1/tiers': staff(),
  'POST /v1/tiers': staff('settings'),
  'PATCH /v1/tiers/{id}': staff('settings'),
  'DELETE /v1/tiers/{id}': staff('settings'),

  // event history, roles, staff users
  'GET /v1/events': wholeNetwork(staff('settings')),
  'GET /v1/roles': staff('settings'),
  'POST /v1/roles': owner,
  'PATCH /v1/roles/{id}': owner,
  'DELETE /v1/roles/{id}': owner,
  'GET /v1/staff-users': staff('settings'),
  'POST /v1/staff-users': owner,
  'PATCH /v1/staff-users/{id}': owner,

  // ledger, payouts
  'GET /v1/referrals': client,
  'GET /v1/balance': client,
  'GET /v1/payouts/when-paid': client,
  'GET /v1/payouts': clientOrStaff('payouts'),
  'GET /v1/payouts/export.csv': staff('payouts'),
  'GET /v1/payouts/{id}': own(clientOrStaff('payouts')),
  'GET /v1/payouts/{id}/invoice.pdf': own(clientOrStaff('payouts')),
  'GET /v1/payouts/{id}/receipt.pdf': own(clientOrStaff('payouts')),
  'GET /v1/payouts/{id}/statement.csv': own(clientOrStaff('payouts')),
  'POST /v1/payouts/close-period': wholeNetwork(staff('payouts')),
  'POST /v1/payouts/{id}/approve': staff('payouts'),
  'POST /v1/payouts/{id}/reject': staff('payouts'),
  'POST /v1/payouts/{id}/mark-paid': staff('payouts'),
  'POST /v1/payouts/{id}/unmark-paid': staff('payouts'),
  'POST /v1/payouts/{id}/bank': staff('payouts'),
  'POST /v1/payouts/bulk/approve': staff('payouts'),
  'POST /v1/payouts/bulk/mark-paid': staff('payouts'),
  'POST /v1/payouts/bulk/reject': staff('payouts'),

  // tax forms (docs/tax-forms.md)
  'GET /v1/tax-forms/me': client,
  'POST /v1/tax-forms': client,
  'GET /v1/tax-forms': staff('affiliates'),
  'GET /v1/tax-forms/{id}': own(clientOrStaff('affiliates')),
  'GET /v1/tax-forms/{id}/pdf': own(clientOrStaff('affiliates')),
  'POST /v1/tax-forms/{id}/accept': staff('affiliates'),
  'POST /v1/tax-forms/{id}/decline': staff('affiliates'),
  'POST /v1/tax-forms/{id}/reveal-tin': staff('affiliates'),
  'GET /v1/affiliates/{id}/tax-forms': ofAffiliate(staff('affiliates')),
  'PUT /v1/affiliates/{id}/tax-forms/status': ofAffiliate(staff('affiliates')),

  // billing, money settings
  // Affiliates their own; staff with affiliates an affiliate's by ?user_id= (the route checks it).
  'GET /v1/user/billing': signedIn,
  'PUT /v1/user/billing': signedIn,
  'GET /v1/settings/money': staff('settings'),
  'PUT /v1/settings/money': staff('settings'),
  'GET /v1/settings/backup-withholding': staff('settings'),
  'PUT /v1/settings/backup-withholding': staff('settings'),
  'GET /v1/payment-methods': signedIn,
  'GET /v1/settings/payment-methods': staff('settings'),
  'POST /v1/settings/payment-methods': staff('settings'),
  'PUT /v1/settings/payment-methods/{id}': staff('settings'),
  'DELETE /v1/settings/payment-methods/{id}': staff('settings'),
  'GET /v1/settings/banks': staff('settings', 'payouts'),
  'POST /v1/settings/banks': staff('settings'),
  'PUT /v1/settings/banks/{id}': staff('settings'),
  'DELETE /v1/settings/banks/{id}': staff('settings'),
  'GET /v1/settings/tax-withholdings': staff('settings'),
  'POST /v1/settings/tax-withholdings': staff('settings'),
  'PUT /v1/settings/tax-withholdings/{id}': staff('settings'),
  'DELETE /v1/settings/tax-withholdings/{id}': staff('settings'),
  'GET /v1/settings/split-fees': wholeNetwork(staff('settings')),
  'PUT /v1/settings/split-fees/{affiliate_id}': ofAffiliate(staff('settings'), 'affiliate_id'),
  'DELETE /v1/settings/split-fees/{affiliate_id}': ofAffiliate(staff('settings'), 'affiliate_id'),
} satisfies Record<string, Access>;

export type RouteKey = keyof typeof authorization;

/** The row of a route, or undefined when the table lacks it. */
export function accessOf(route: string): Access | undefined {
  return (authorization as Record<string, Access>)[route];
}
