import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type UploadRule, validationMessages } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sites, type uploads } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { storeUpload, uploadsDir } from '../uploads/index.ts';

type UploadRow = typeof uploads.$inferSelect;

export const siteColumns = { id: sites.id, name: sites.name, display_name: sites.displayName };

export const extensionOf = (row: UploadRow) => row.path.slice(row.path.lastIndexOf('.') + 1);

/** The stored bytes of an upload (an svg as sanitised, not as sent). */
export const readStored = (config: AppConfig, row: UploadRow) => new Uint8Array(readFileSync(join(uploadsDir(config), row.path)));

/** The form's file in `field`, checked by content and stored; undefined when none was sent. */
export async function storeField(db: Db, config: AppConfig, form: FormPayload, field: string, rule: UploadRule, ownerId: number): Promise<UploadRow | undefined> {
  const file = form.files.find((f) => f.field === field || f.field === `${field}[]`);
  return file ? storeUpload(db, config, { ...file, field }, rule, ownerId) : undefined;
}

export function requireFile<T>(file: T | undefined, field: string): T {
  if (!file) throw new ValidationError({ [field]: [validationMessages.required] });
  return file;
}

/** The uuids a form lists under `<field>_deleted`. */
export const deletedOf = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter(Boolean);

/** Every site for the creatives screens' pickers, by display name. */
export function creativeSites(db: Db): Promise<Array<{ id: number; name: string; display_name: string }>> {
  return db.select(siteColumns).from(sites).orderBy(asc(sites.displayName), asc(sites.id));
}

export async function assertSite(db: Db, siteId: number): Promise<{ id: number; name: string; display_name: string }> {
  const [site] = await db.select(siteColumns).from(sites).where(and(eq(sites.id, siteId)));
  if (!site) throw new ValidationError({ site_id: ['This site does not exist.'] });
  return site;
}

export function notFound(message: string): never {
  throw new NotFoundError(message);
}
