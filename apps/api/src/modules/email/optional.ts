import type { EmailKind, EmailType } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { unsubscribeUrl, wantsEmail } from './preferences.ts';
import type { Mailer } from './mailer.ts';
import type { EmailVars } from './render.ts';
import { deliver, type EmailDeps, emailSwitchedOn, renderEmail } from './send.ts';

const kindLabel: Record<EmailKind, string> = {
  news: 'news from the network',
  payout_updates: 'payout updates',
  tax_form_reminders: 'tax form reminders',
  weekly_summary: 'the weekly statistics summary',
};

/**
 * Sends an optional email from its template if Global Settings' Email notifications has the type
 * on and the user wants this kind: with RFC 8058 one-click unsubscribe headers and the same link
 * in the footer. Answers whether it was sent.
 */
export async function sendOptionalEmail(
  deps: { db: Db; config: AppConfig; mailer: Mailer } & EmailDeps,
  userId: number,
  kind: EmailKind,
  type: EmailType,
  vars: EmailVars,
): Promise<boolean> {
  if (!(await emailSwitchedOn(deps.db, type))) return false;
  const [user] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!user || !(await wantsEmail(deps.db, userId, kind))) return false;
  const mail = await renderEmail(deps, type, { name: user.name, email: user.email, ...vars });
  const url = unsubscribeUrl(deps.config, userId, kind);
  const note = `You get this email because ${kindLabel[kind]} are on in your profile's email preferences.`;
  const footer = `<p style="color:#888;font-size:12px">${note} <a href="${url.replace(/&/g, '&amp;')}">Unsubscribe</a> or change them in Profile &gt; Email preferences.</p>`;
  await deliver(deps, user.email, {
    subject: mail.subject,
    html: mail.html.includes('</body>') ? mail.html.replace('</body>', `${footer}</body>`) : mail.html + footer,
    text: `${mail.text}\n\n${note}\nUnsubscribe: ${url}`,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return true;
}
