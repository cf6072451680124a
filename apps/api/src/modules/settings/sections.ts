import {
  DEFAULT_NETWORK_NAME,
  type NetworkDetails,
  type DashboardSettings,
  type EmailNotificationsSettings,
  type GlobalEmailSettings,
  notificationTypes,
  notificationsOffByDefault,
  seoPages,
  type SeoSettings,
} from '@portal/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { getSetting, putSetting } from './service.ts';

/**
 * The document sections of Global Settings, each stored under one key of `settings` and read
 * merged over its defaults, so a section never saved (or saved before a field existed) still
 * reads whole.
 */

export async function getDashboardSettings(db: Db): Promise<DashboardSettings> {
  return { message: '', links: [], ...(await getSetting<Partial<DashboardSettings>>(db, 'dashboard', {})) };
}

/**
 * Mail comes from MAIL_FROM's address under the network's name, and staff mail goes to SUPPORT_EMAIL,
 * until Global email says otherwise: a renamed network's mail carries its new name (docs/settings.md).
 */
export function defaultGlobalEmail(config: Pick<AppConfig, 'mailFrom' | 'supportEmail'>, networkName: string = DEFAULT_NETWORK_NAME): GlobalEmailSettings {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(config.mailFrom);
  return {
    sender_name: networkName,
    sender_email: (match?.[2] ?? config.mailFrom).trim(),
    reply_to: '',
    footer_text: networkName,
    support_email: config.supportEmail,
  };
}

export async function getGlobalEmailSettings(db: Db, config: Pick<AppConfig, 'mailFrom' | 'supportEmail'>): Promise<GlobalEmailSettings> {
  const stored = await getSetting<Partial<GlobalEmailSettings>>(db, 'global_email', {});
  const defaults = defaultGlobalEmail(config, (await getNetworkDetails(db)).name);
  // A blank sender name is the network's name.
  return { ...defaults, ...stored, sender_name: stored.sender_name?.trim() || defaults.sender_name };
}

/**
 * The network renamed: a Global email sender name that was the old name (saved as it was shown)
 * follows to the new one; a sender name staff chose apart from the network's is kept.
 */
export async function renameSender(db: Db, oldName: string, newName: string): Promise<void> {
  const stored = await getSetting<Partial<GlobalEmailSettings>>(db, 'global_email', {});
  if (oldName !== newName && stored.sender_name?.trim() === oldName) await putSetting(db, 'global_email', { ...stored, sender_name: newName });
}

/** Shipped SEO of each public page; the home page's is the one the site has had from the start. */
export const defaultSeoPages: SeoSettings = {
  home: {
    title: 'VR Affiliate Network — Partner Program for Premium VR Sites',
    description:
      'Join the VR affiliate network: promote premium virtual-reality studios with tracking links, creatives and postbacks, and earn revenue share or pay per signup, paid monthly.',
    content: 'Affiliate program for premium VR studios: real-time statistics, postbacks, creatives, revenue share, pay per signup and 5% lifetime referral commission.',
  },
  terms: { title: 'Terms of Service — VR Affiliate Network', description: 'The terms that govern the VR Affiliate Network partner program: accounts, traffic rules, commissions and payouts.', content: '' },
  privacy: { title: 'Privacy Policy — VR Affiliate Network', description: 'How the VR Affiliate Network collects, uses and protects the data of affiliates and visitors.', content: '' },
  'sign-in': { title: 'Log In — VR Affiliate Network', description: 'Log in to your VR Affiliate Network account: tracking links, statistics, creatives and payouts.', content: '' },
  'sign-up': { title: 'Sign Up — VR Affiliate Network', description: 'Become a partner of premium VR studios: sign up free and earn revenue share or pay per signup, paid monthly.', content: '' },
};

export async function getSeoSettings(db: Db): Promise<SeoSettings> {
  // The home page's SEO was stored flat under `seo` before there were pages; it still counts.
  const stored = await getSetting<Partial<SeoSettings> & { title?: string; description?: string; content?: string }>(db, 'seo', {});
  const { title, description, content } = stored;
  const legacyHome = { ...(typeof title === 'string' ? { title } : {}), ...(typeof description === 'string' ? { description } : {}), ...(typeof content === 'string' ? { content } : {}) };
  return Object.fromEntries(
    seoPages.map((page) => [page, { ...defaultSeoPages[page], ...(page === 'home' ? legacyHome : undefined), ...stored[page] }]),
  ) as SeoSettings;
}

export async function getEmailNotifications(db: Db): Promise<EmailNotificationsSettings> {
  const stored = await getSetting<EmailNotificationsSettings>(db, 'email_notifications', {});
  return Object.fromEntries(notificationTypes.map((t) => [t, stored[t] ?? !notificationsOffByDefault.includes(t)]));
}

export const putDashboardSettings = (db: Db, value: DashboardSettings) => putSetting(db, 'dashboard', value);
export const putGlobalEmailSettings = (db: Db, value: GlobalEmailSettings) => putSetting(db, 'global_email', value);
export const putSeoSettings = (db: Db, value: SeoSettings) => putSetting(db, 'seo', value);
export const putEmailNotifications = (db: Db, value: EmailNotificationsSettings) => putSetting(db, 'email_notifications', value);

export const NETWORK_DETAILS_SETTING = 'network_details';

/** The network's details (invoices, receipts) and its one brand name (app, emails), read over their defaults. */
export async function getNetworkDetails(db: Db): Promise<NetworkDetails> {
  const value = await getSetting<Partial<Record<keyof NetworkDetails, unknown>>>(db, NETWORK_DETAILS_SETTING, {});
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return { name: str(value.name) || DEFAULT_NETWORK_NAME, address: str(value.address), email: str(value.email), tax_id: str(value.tax_id), invoice_footer: str(value.invoice_footer), default_fallback_url: str(value.default_fallback_url) };
}

export const putNetworkDetails = (db: Db, value: NetworkDetails) => putSetting(db, NETWORK_DETAILS_SETTING, value);
