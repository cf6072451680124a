import { type Access, anyone, client, clientOrStaff, networkFigures, own, ofAffiliate, owner, signedIn, staff, wholeNetwork } from './access.ts';
import { moneyAuthorization } from './authorization-money.ts';

export * from './access.ts';

/**
 * Who may call each route of the API: the one table. apps/api/test/authorization.test.ts walks the
 * OpenAPI document and, for every operation, checks this table against the route and against the
 * running app (anonymous, two affiliates, staff with each single permission, the owner): a route
 * missing here fails the test, and so does any 2xx to a caller the row does not allow.
 *
 * Adding a route:
 * 1. Add a row `'METHOD /path/{param}'` (the path as the OpenAPI document writes it) below, or in
 *    authorization-money.ts for money routes, in the block of its module, with one of the callers of
 *    access.ts: `anyone`, `signedIn`, `client`,
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
  'DELETE /v1/settings/exchange-rates/{currency}/{day}': staff('settings'),
  'GET /v1/settings/click-screening': staff('settings'),
  'PUT /v1/settings/click-screening': staff('settings'),
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
  'POST /v1/sites/{id}/rotate-key': wholeNetwork(staff('offers')),
  'GET /v1/offers': clientOrStaff('offers'),
  'POST /v1/offers': wholeNetwork(staff('offers')),
  'GET /v1/offers/{id}': clientOrStaff('offers'),
  'PUT /v1/offers/{id}': wholeNetwork(staff('offers')),
  'POST /v1/offers/{id}/archive': wholeNetwork(staff('offers')),
  'PUT /v1/offers/{id}/payouts': wholeNetwork(staff('offers')),
  'GET /v1/offers/{id}/caps': wholeNetwork(staff('offers')),
  'POST /v1/offers/{id}/caps': wholeNetwork(staff('offers')),
  'DELETE /v1/caps/{id}': wholeNetwork(staff('offers')),
  'GET /v1/landing-pages': clientOrStaff('offers'),
  'POST /v1/landing-pages': staff('offers'),
  'PUT /v1/landing-pages/{id}': staff('offers'),
  'POST /v1/offers/{id}/tracking-link': client,
  // smart links
  'GET /v1/smart-links': client,
  'GET /v1/affiliates/{id}/smart-links': ofAffiliate(staff('affiliates')),
  'POST /v1/smart-links': client,
  'PATCH /v1/smart-links/{id}': own(client),
  'DELETE /v1/smart-links/{id}': own(client),

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
  // the path is the credential), the event log (staff with offers or payouts) and retention figures.
  // A site's biller accounts act for every affiliate of the site: reading them (their postback URLs
  // carry the account key, the credential a post needs), adding, changing, deleting and rotating a
  // key (or a site's) are whole-network actions, like offers. The event log is scoped like the
  // conversion log.
  'GET /v1/sites/{id}/biller-accounts': wholeNetwork(staff('offers')),
  'POST /v1/sites/{id}/biller-accounts': wholeNetwork(staff('offers')),
  'PATCH /v1/biller-accounts/{id}': wholeNetwork(staff('offers')),
  'DELETE /v1/biller-accounts/{id}': wholeNetwork(staff('offers')),
  'POST /v1/biller-accounts/{id}/rotate-key': wholeNetwork(staff('offers')),
  'POST /v1/biller-accounts/{id}/test-post': wholeNetwork(staff('offers')),
  'GET /billers/{biller}/{account_key}': anyone,
  'POST /billers/{biller}/{account_key}': anyone,
  'GET /v1/biller-events': staff('offers', 'payouts'),
  'POST /v1/biller-events/{id}/replay': staff('offers', 'payouts'),
  'GET /v1/statistics/retention': clientOrStaff('statistics'),

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

  ...moneyAuthorization,
} satisfies Record<string, Access>;

export type RouteKey = keyof typeof authorization;

/** The row of a route, or undefined when the table lacks it. */
export function accessOf(route: string): Access | undefined {
  return (authorization as Record<string, Access>)[route];
}
