import { type Access, anyone, client, clientOrStaff, own, ofAffiliate, signedIn, staff, wholeNetwork } from './access.ts';

/** The authorization table's rows of money: conversions and their log, fraud review, the ledger, payouts, tax forms, billing (authorization.ts). */
export const moneyAuthorization = {
  // conversions: the site's API key, not a user
  'POST /v1/conversions': anyone,
  'GET /v1/conversions': anyone,
  // the conversion log: staff's actions on one conversion move money
  'POST /v1/conversion-log/{id}/reverse': staff('payouts'),
  'POST /v1/conversion-log/{id}/attach': staff('payouts'),
  // the clicks an orphaned conversion may be attached to: any affiliate's, so the whole network
  'GET /v1/clicks/search': wholeNetwork(staff('payouts')),
  // the conversion log: affiliates their own (the query's scope), staff with statistics all of it
  'GET /v1/conversion-log': clientOrStaff('statistics'),
  'GET /v1/conversion-log.csv': clientOrStaff('statistics'),
  // an affiliate appeals a held or rejected conversion of theirs (the query's scope: another's is 404)
  'POST /v1/conversion-log/{id}/appeal': client,

  // fraud screening (docs/fraud.md): staff with fraud, over the whole network
  'GET /v1/settings/fraud-rules': staff('fraud'),
  'PUT /v1/settings/fraud-rules': staff('fraud'),
  'GET /v1/offers/{id}/fraud-rules': staff('fraud'),
  'PUT /v1/offers/{id}/fraud-rules': staff('fraud'),
  'GET /v1/fraud/held': wholeNetwork(staff('fraud')),
  'POST /v1/fraud/held/{conversion_id}/approve': wholeNetwork(staff('fraud')),
  'POST /v1/fraud/held/{conversion_id}/reject': wholeNetwork(staff('fraud')),
  'POST /v1/fraud/held/bulk': wholeNetwork(staff('fraud')),
  'GET /v1/fraud/appeals': wholeNetwork(staff('fraud')),
  'GET /v1/fraud/ratios': wholeNetwork(staff('fraud')),
  'GET /v1/fraud/invalid-clicks': wholeNetwork(staff('fraud')),
  'GET /v1/fraud/shared': wholeNetwork(staff('fraud')),

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

  // year-end tax forms (docs/tax-forms.md, "Year-end forms"): staff with payouts; an affiliate their own issued forms
  'GET /v1/tax-years/{year}/forms': wholeNetwork(staff('payouts')),
  'GET /v1/tax-years/{year}/forms/{affiliate_id}.pdf': wholeNetwork(staff('payouts')),
  'POST /v1/tax-years/{year}/issue': wholeNetwork(staff('payouts')),
  'GET /v1/tax-years/{year}/irs-file': wholeNetwork(staff('payouts')),
  'GET /v1/settings/tax-documents': wholeNetwork(staff('payouts')),
  'PUT /v1/settings/tax-documents': wholeNetwork(staff('payouts')),
  'GET /v1/user/tax-documents': client,
  'GET /v1/user/tax-documents/{id}.pdf': client,
  'GET /v1/user/tax-documents/delivery': client,
  'PUT /v1/user/tax-documents/delivery': client,

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
  'GET /v1/settings/paying-accounts': staff('settings'),
  'PUT /v1/settings/paying-accounts': staff('settings'),
  // payment runs (docs/payment-runs.md): staff with payouts; a payout's timeline its owner too
  'POST /v1/payment-runs': wholeNetwork(staff('payouts')),
  'GET /v1/payment-runs': wholeNetwork(staff('payouts')),
  'GET /v1/payment-runs/{id}': wholeNetwork(staff('payouts')),
  'POST /v1/payment-runs/{id}/approve': wholeNetwork(staff('payouts')),
  'POST /v1/payment-runs/{id}/cancel': wholeNetwork(staff('payouts')),
  'POST /v1/payment-runs/{id}/mark-sent': wholeNetwork(staff('payouts')),
  'POST /v1/payment-runs/{id}/items/{payout_id}/drop': wholeNetwork(staff('payouts')),
  'GET /v1/payment-runs/{id}/file': wholeNetwork(staff('payouts')),
  'POST /v1/payment-runs/status-files': wholeNetwork(staff('payouts')),
  'GET /v1/payouts/{id}/timeline': own(clientOrStaff('payouts')),
  'GET /v1/settings/tax-withholdings': staff('settings'),
  'POST /v1/settings/tax-withholdings': staff('settings'),
  'PUT /v1/settings/tax-withholdings/{id}': staff('settings'),
  'DELETE /v1/settings/tax-withholdings/{id}': staff('settings'),
  'GET /v1/settings/split-fees': wholeNetwork(staff('settings')),
  'PUT /v1/settings/split-fees/{affiliate_id}': ofAffiliate(staff('settings'), 'affiliate_id'),
  'DELETE /v1/settings/split-fees/{affiliate_id}': ofAffiliate(staff('settings'), 'affiliate_id'),
} satisfies Record<string, Access>;
