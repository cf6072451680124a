import { type EmailType, emailTypeInfo } from '@portal/contracts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { getEmailNotifications, getGlobalEmailSettings, getNetworkDetails } from '../settings/index.ts';
import type { Mailer } from './mailer.ts';
import { type EmailVars, type Rendered, renderTemplate } from './render.ts';
import { getTemplate } from './store.ts';

export interface EmailDeps {
  db: Db;
  config: Pick<AppConfig, 'mailFrom' | 'supportEmail' | 'publicUrl'>;
  mailer: Mailer;
}

/** "Dana Smith" -> "Dana": templates greet by first name. */
export const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** Renders the current template of a type (edited or default) with the values every template may name. */
export async function renderEmail(deps: EmailDeps, type: EmailType, vars: EmailVars, template?: { subject: string; body: string }): Promise<Rendered> {
  const [global, network] = await Promise.all([getGlobalEmailSettings(deps.db, deps.config), getNetworkDetails(deps.db)]);
  const current = template ?? (await getTemplate(deps.db, type));
  const all: EmailVars = {
    // The network's one brand name (Global Settings, Network details).
    site_name: network.name,
    support_email: global.support_email,
    ...(typeof vars.name === 'string' && vars.first_name === undefined ? { first_name: firstName(vars.name) } : {}),
    ...vars,
  };
  return renderTemplate(current, all, global.footer_text);
}

/**
 * Sends one email of a type from its template, from the sender in Global email. Mail about an
 * account goes to `to`; staff mail (`to: 'staff'` types) goes to the support address unless `to`
 * is given. A type switched off in Email notifications is not sent (returns false).
 */
export async function sendEmail(deps: EmailDeps, type: EmailType, message: { to?: string; replyTo?: string; vars: EmailVars; force?: boolean }): Promise<boolean> {
  if (!message.force && !(await emailSwitchedOn(deps.db, type))) return false;
  const global = await getGlobalEmailSettings(deps.db, deps.config);
  const rendered = await renderEmail(deps, type, message.vars);
  await deliver(deps, message.to ?? global.support_email, { ...rendered, secrets: secretsOf(message.vars) }, message.replyTo);
  return true;
}

/** Template variables that hold a secret (the two-step sign-in code): the mail goes out with them, the log never shows them. */
const SECRET_VARS = ['code'];

function secretsOf(vars: EmailVars): string[] {
  return SECRET_VARS.map((name) => vars[name]).filter((v): v is string | number => v !== null && v !== undefined && String(v) !== '').map(String);
}

/** Whether Global Settings' Email notifications lets this type go out (the types that cannot be switched off always do). */
export async function emailSwitchedOn(db: Db, type: EmailType): Promise<boolean> {
  if (!emailTypeInfo[type].optional) return true;
  return (await getEmailNotifications(db))[type] !== false;
}

/** Hands a rendered email to the mailer from the Global email sender, with its reply-to. */
export async function deliver(deps: EmailDeps, to: string, rendered: Rendered & { headers?: Record<string, string>; secrets?: string[] }, replyTo?: string): Promise<void> {
  const global = await getGlobalEmailSettings(deps.db, deps.config);
  const reply = replyTo ?? (global.reply_to || undefined);
  await deps.mailer.send({ to, from: { name: global.sender_name, address: global.sender_email }, ...(reply ? { replyTo: reply } : {}), ...rendered });
}
