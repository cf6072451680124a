import { uploadRules } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { uploads, users } from '../../db/schema/index.ts';
import { setAvatar } from '../accounts/index.ts';
import { deleteUploads, describeUpload, type IncomingFile, storeUpload } from '../uploads/index.ts';

export async function avatarOf(db: Db, uuid: string | null): Promise<{ url: string } | null> {
  if (!uuid) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.uuid, uuid));
  return row ? { url: describeUpload(row).url } : null;
}

/** A new avatar, checked by content against SPEC.md section 5's image rule; the old file goes. */
export async function replaceAvatar(db: Db, config: AppConfig, userId: number, file: IncomingFile, byUserId: number): Promise<void> {
  const stored = await storeUpload(db, config, file, uploadRules.image, byUserId);
  const [before] = await db.select({ uuid: users.avatarUuid }).from(users).where(eq(users.id, userId));
  await setAvatar(db, userId, stored.uuid);
  if (before?.uuid) await deleteUploads(db, config, [before.uuid]);
}

/** Back to the initials. */
export async function removeAvatar(db: Db, config: AppConfig, userId: number): Promise<void> {
  const [before] = await db.select({ uuid: users.avatarUuid }).from(users).where(eq(users.id, userId));
  await setAvatar(db, userId, null);
  if (before?.uuid) await deleteUploads(db, config, [before.uuid]);
}
