import { announcements } from './en/announcements.ts';
import { auth, passwordInput } from './en/auth.ts';
import { contact } from './en/contact.ts';
import { forms } from './en/forms.ts';
import { legal } from './en/legal.ts';
import { shell } from './en/shell.ts';
import { campaigns } from './en/campaigns.ts';
import { dashboard } from './en/dashboard.ts';
import { offers } from './en/offers.ts';
import { statistics } from './en/statistics.ts';
import { conversionLog } from './en/conversion-log.ts';
import { payments } from './en/payments.ts';
import { billing } from './en/billing.ts';
import { bonus } from './en/bonus.ts';
import { moneySettings } from './en/money-settings.ts';
import { settings } from './en/settings.ts';
import { paymentRuns } from './en/payment-runs.ts';
import { taxYears } from './en/tax-years.ts';
import { payouts } from './en/payouts.ts';
import { referrals } from './en/referrals.ts';
import { creatives } from './en/creatives.ts';
import { landingPages } from './en/landing-pages.ts';
import { lists } from './en/lists.ts';
import { profile } from './en/profile.ts';
import { taxForms } from './en/tax-forms.ts';
import { enPublic } from './en-public.ts';
import { catalogue } from './en/catalogue.ts';
import { tiers } from './en/tiers.ts';
import { fraud } from './en/fraud.ts';
import { billers } from './en/billers.ts';

/**
 * English texts: every text the app shows goes through i18next with these keys.
 * Each feature keeps its texts in a file of its own under en/ and is added here
 * (the public pages' first texts are in en-public.ts).
 */
export const en = {
  ...enPublic,
  catalogue,
  auth,
  passwordInput,
  forms,
  lists,
  contact,
  legal,
  shell,
  announcements,
  offers,
  campaigns,
  statistics,
  conversionLog,
  dashboard,
  payouts,
  paymentRuns,
  taxYears,
  payments,
  referrals,
  billing,
  bonus,
  moneySettings,
  creatives,
  landingPages,
  settings,
  profile,
  taxForms,
  tiers,
  fraud,
  billers,
};

export type Translation = typeof en;
