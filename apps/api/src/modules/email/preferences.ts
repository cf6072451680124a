import { createHmac } from 'node:crypto';
import { type EmailKind, type EmailPreferences, emailKinds } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emailPreferences } from '../../db/schema/index.ts';
import { safeEqual } from '../../lib/secrets.ts';

/** Every optional email is on until the user turns it off. */
export const defaultEmailPreferences: EmailPreferences = { news: true, payout_updates: true, tax_form_reminders: true, weekly_summary: true };

const column = { news: 'news', payout_updates: 'payoutUpdates', tax_form_reminders: 'taxFormReminders', weekly_summary: 'weeklySummary' } as const satisfies Record<EmailKind, string>;

export async function getEmailPreferences(db: Db, userId: number): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  if (!row) return { ...defaultEmailPreferences };
  return { news: row.news, payout_updates: row.payoutUpdates, tax_form_reminders: row.taxFormReminders, weekly_summary: row.weeklySummary };
}

export async function setEmailPreferences(db: Db, userId: number, prefs: Partial<EmailPreferences>): Promise<EmailPreferences> {
  const set: Partial<typeof emailPreferences.$inferInsert> = {};
  for (const kind of emailKinds) if (prefs[kind] !== undefined) set[column[kind]] = prefs[kind];
  await db
    .insert(emailPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...set, updatedAt: new Date() } });
  return getEmailPreferences(db, userId);
}

/**
 * Whether the user wants this kind of optional email. The one check every optional email makes
 * before it is sent (news, payout updates, tax form reminders, the weekly summary).
 */
export async function wantsEmail(db: Db, userId: number, kind: EmailKind): Promise<boolean> {
  return (await getEmailPreferences(db, userId))[kind];
}

function signature(config: AppConfig, userId: number, kind: EmailKind): string {
  // Its own key, derived from the app secret, so an unsubscribe signature is never a valid anything else.
  const key = createHmac('sha256', config.jwtSecret).update('email-unsubscribe').digest();
  return createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');
}

/** The one-click unsubscribe address of an optional email: signed, so it works without sign-in and only for that user and kind. */
export function unsubscribeUrl(config: AppConfig, userId: number, kind: EmailKind): string {
  const q = new URLSearchParams({ u: String(userId), k: kind, s: signature(config, userId, kind) });
  return `${config.publicUrl}/v1/email/unsubscribe?${q}`;
}

export function verifyUnsubscribe(config: AppConfig, userId: number, kind: EmailKind, sig: string): boolean {
  return safeEqual(signature(config, userId, kind), sig);
}
