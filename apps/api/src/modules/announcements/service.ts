import { type Announcement, announcementInputSchema, announcementMessages, uploadRules } from '@portal/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { announcementReads, announcements, uploads } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { deleteUploads, describeUpload, storeUpload } from '../uploads/index.ts';

type Row = { a: typeof announcements.$inferSelect; image: typeof uploads.$inferSelect | null; readAt: Date | null };

function toAnnouncement(r: Row, viewerIsClient: boolean): Announcement {
  return {
    id: r.a.id,
    title: r.a.title,
    description: r.a.description,
    announcement_url: r.a.announcementUrl,
    button_text: r.a.buttonText,
    image: r.image ? describeUpload(r.image) : null,
    created_at: r.a.createdAt.toISOString(),
    is_read: viewerIsClient ? r.readAt !== null : true,
  };
}

const baseSelect = (db: Db, viewerId: number) =>
  db
    .select({ a: announcements, image: uploads, readAt: announcementReads.readAt })
    .from(announcements)
    .leftJoin(uploads, eq(uploads.uuid, announcements.imageUuid))
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, viewerId)));

export async function listAnnouncements(
  db: Db,
  viewer: { id: number; isClient: boolean },
  q: { page: number; per_page: number; orderBy: 'created_at' | 'title'; sortedBy: 'asc' | 'desc'; unread?: '1' | '0' | undefined },
): Promise<{ items: Announcement[]; total: number; perPage: number }> {
  const onlyUnread = q.unread === '1' && viewer.isClient;
  const where = onlyUnread ? isNull(announcementReads.readAt) : undefined;
  const column = q.orderBy === 'title' ? announcements.title : announcements.createdAt;
  const order = q.sortedBy === 'asc' ? asc(column) : desc(column);
  let query = baseSelect(db, viewer.id).where(where).orderBy(order, desc(announcements.id)).$dynamic();
  if (q.per_page > 0) query = query.limit(q.per_page).offset((q.page - 1) * q.per_page);
  const rows = await query;
  const [total] = await db
    .select({ n: count() })
    .from(announcements)
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, viewer.id)))
    .where(where);
  const n = total?.n ?? 0;
  return { items: rows.map((r) => toAnnouncement(r, viewer.isClient)), total: n, perPage: q.per_page > 0 ? q.per_page : Math.max(n, 1) };
}

export async function getAnnouncement(db: Db, viewer: { id: number; isClient: boolean }, id: number): Promise<Announcement> {
  const [row] = await baseSelect(db, viewer.id).where(eq(announcements.id, id));
  if (!row) throw new NotFoundError(announcementMessages.notFound);
  return toAnnouncement(row, viewer.isClient);
}

type Input = z.output<typeof announcementInputSchema>;

function readInput(form: FormPayload): Input {
  return parseOrThrow(announcementInputSchema, form.fields);
}

const deletedList = (v: Input['image_deleted']) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter(Boolean);

export async function createAnnouncement(db: Db, config: AppConfig, staffId: number, form: FormPayload): Promise<number> {
  const input = readInput(form);
  const file = form.files.find((f) => f.field === 'image');
  const image = file ? await storeUpload(db, config, file, uploadRules.image, staffId) : undefined;
  const [row] = await db
    .insert(announcements)
    .values({
      title: input.title,
      description: sanitizeRichText(input.description),
      announcementUrl: input.announcement_url,
      buttonText: input.button_text,
      imageUuid: image?.uuid ?? null,
      createdById: staffId,
    })
    .returning({ id: announcements.id });
  return row!.id;
}

export async function updateAnnouncement(db: Db, config: AppConfig, staffId: number, id: number, form: FormPayload): Promise<void> {
  const [existing] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!existing) throw new NotFoundError(announcementMessages.notFound);
  const input = readInput(form);
  const file = form.files.find((f) => f.field === 'image');
  const image = file ? await storeUpload(db, config, file, uploadRules.image, staffId) : undefined;
  const removed = deletedList(input.image_deleted);
  let imageUuid = existing.imageUuid;
  if (image) imageUuid = image.uuid;
  else if (imageUuid && removed.includes(imageUuid)) imageUuid = null;
  await db
    .update(announcements)
    .set({
      title: input.title,
      description: sanitizeRichText(input.description),
      announcementUrl: input.announcement_url,
      buttonText: input.button_text,
      imageUuid,
      updatedAt: new Date(),
    })
    .where(eq(announcements.id, id));
  if (existing.imageUuid && existing.imageUuid !== imageUuid) await deleteUploads(db, config, [existing.imageUuid]);
}

export async function deleteAnnouncement(db: Db, config: AppConfig, id: number): Promise<void> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  if (!row) throw new NotFoundError(announcementMessages.notFound);
  if (row.imageUuid) await deleteUploads(db, config, [row.imageUuid]);
}

export async function hasUnread(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)))
    .where(isNull(announcementReads.readAt));
  return (row?.n ?? 0) > 0;
}

/** Marks announcements read for this affiliate only; unknown ids are ignored. */
export async function markAsRead(db: Db, userId: number, ids: number[] | 'all'): Promise<void> {
  const existing =
    ids === 'all'
      ? await db.select({ id: announcements.id }).from(announcements)
      : await db.select({ id: announcements.id }).from(announcements).where(inArray(announcements.id, ids));
  if (!existing.length) return;
  await db
    .insert(announcementReads)
    .values(existing.map((a) => ({ announcementId: a.id, userId, readAt: sql`now()` })))
    .onConflictDoNothing();
}
