import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadedFile, UploadRule } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { checkUpload } from '../../lib/uploads.ts';
import type { IncomingFile } from '../../plugins/multipart.ts';

export const UPLOAD_URL_PREFIX = '/uploads/';
export const uploadsDir = (config: AppConfig) => join(config.dataDir, 'uploads');

/** The file requirement message of SPEC.md section 5. */
export const FILE_REQUIREMENTS = 'The file does not meet the requirements';

/** A file as the multipart plugin reads it from a form (plugins/multipart.ts). */
export type { IncomingFile };

type UploadRow = typeof uploads.$inferSelect;

export function describeUpload(row: UploadRow): UploadedFile {
  return { uuid: row.uuid, name: row.name, url: `${UPLOAD_URL_PREFIX}${row.path}`, mime_type: row.mimeType, size: row.size };
}

/**
 * Checks a file by content against the field's rule and stores it under a name of our own
 * (uuid + the extension of what it really is). A failure lands on the field.
 */
export async function storeUpload(db: Db, config: AppConfig, file: IncomingFile, rule: UploadRule, ownerId: number | null): Promise<UploadRow> {
  const check = file.truncated ? ({ ok: false, reason: 'too_large' } as const) : await checkUpload(file.bytes, rule);
  if (!check.ok) throw new ValidationError({ [file.field]: [FILE_REQUIREMENTS] }, FILE_REQUIREMENTS);
  const uuid = crypto.randomUUID();
  const path = `${uuid}.${check.ext}`;
  const dir = uploadsDir(config);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, path), check.bytes);
  const [row] = await db
    .insert(uploads)
    .values({ uuid, ownerId, name: file.filename.slice(0, 255) || path, path, mimeType: check.mime, size: check.bytes.byteLength })
    .returning();
  if (!row) throw new Error('upload insert returned nothing');
  return row;
}

export async function deleteUploads(db: Db, config: AppConfig, uuids: string[]): Promise<void> {
  if (!uuids.length) return;
  const rows = await db.delete(uploads).where(inArray(uploads.uuid, uuids)).returning();
  for (const r of rows) rmSync(join(uploadsDir(config), r.path), { force: true });
}

export async function findUpload(db: Db, uuid: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.uuid, uuid));
  return row;
}
