import { type EmailTemplate, type EmailType, emailTemplateMessages, emailTypeInfo, emailTypes, emailVariablesOf, unknownEmailVariables } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { sanitizeTemplateHtml } from '../../lib/sanitize.ts';
import { getSetting, putSetting } from '../settings/index.ts';
import { defaultTemplates } from './defaults.ts';

/** Edited templates live in `settings` under `email_template.<type>`; a type never edited uses its default. */
const key = (type: EmailType) => `email_template.${type}`;

interface Stored {
  subject: string;
  body: string;
  updated_at: string;
}

function describe(type: EmailType, stored: Stored | null): EmailTemplate {
  const info = emailTypeInfo[type];
  const current = stored ?? defaultTemplates[type];
  return {
    type,
    label: info.label,
    to: info.to,
    optional: info.optional,
    variables: [...emailVariablesOf(type)],
    subject: current.subject,
    body: current.body,
    is_custom: stored !== null,
    updated_at: stored?.updated_at ?? null,
  };
}

export async function getTemplate(db: Db, type: EmailType): Promise<EmailTemplate> {
  return describe(type, await getSetting<Stored | null>(db, key(type), null));
}

export async function listTemplates(db: Db): Promise<EmailTemplate[]> {
  return Promise.all(emailTypes.map((type) => getTemplate(db, type)));
}

/** Cleans the body and refuses a subject or body that names a variable the type does not offer (422 on the field). */
export function checkTemplate(type: EmailType, input: { subject: string; body: string }): { subject: string; body: string } {
  const body = sanitizeTemplateHtml(input.body);
  const errors: Record<string, string[]> = {};
  const badSubject = unknownEmailVariables(type, input.subject);
  const badBody = unknownEmailVariables(type, body);
  if (badSubject.length) errors.subject = [emailTemplateMessages.unknownVariable(badSubject)];
  if (badBody.length) errors.body = [emailTemplateMessages.unknownVariable(badBody)];
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]?.[0]);
  return { subject: input.subject, body };
}

export async function saveTemplate(db: Db, type: EmailType, input: { subject: string; body: string }): Promise<{ before: EmailTemplate; after: EmailTemplate }> {
  const clean = checkTemplate(type, input);
  const before = await getTemplate(db, type);
  await putSetting(db, key(type), { ...clean, updated_at: new Date().toISOString() } satisfies Stored);
  return { before, after: await getTemplate(db, type) };
}

export async function resetTemplate(db: Db, type: EmailType): Promise<{ before: EmailTemplate; after: EmailTemplate }> {
  const before = await getTemplate(db, type);
  await db.delete(settings).where(eq(settings.key, key(type)));
  return { before, after: describe(type, null) };
}
