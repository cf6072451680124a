import { z } from 'zod';
import { optional, required } from './rules/field.ts';
import { id } from './rules/ids.ts';
import { pageQuerySchema } from './rules/list.ts';
import { lineText, text } from './rules/text.ts';
import { urlEntry } from './rules/urls.ts';
import { validationMessages as m } from './validation.ts';

/** An uploaded file as the API describes it (SPEC.md section 3). */
export const uploadedFileSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  announcement_url: z.string().nullable(),
  button_text: z.string().nullable(),
  image: uploadedFileSchema.nullable(),
  created_at: z.string(),
  /** For affiliates: whether they have read it. Staff see it as read. */
  is_read: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Create and update (multipart fields; the image travels as the file field `image`). */
export const announcementInputSchema = z
  .object({
    title: required(lineText({ max: 200 })),
    description: required(text({ max: 20_000 })),
    announcement_url: optional(urlEntry()).optional().transform((v) => v ?? null),
    button_text: optional(lineText({ max: 60 })).optional().transform((v) => v ?? null),
    /** uuids of images removed in the form (SPEC.md: the `_deleted` suffix). */
    image_deleted: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .refine((v) => !v.button_text || Boolean(v.announcement_url), { message: m.required, path: ['announcement_url'] });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/** `page` and `per_page` as every list reads them (`all` for SPEC.md's "Items per page" All); SPEC.md's `orderBy` and `sortedBy`. */
export const announcementListQuerySchema = pageQuerySchema(
  {
    orderBy: z.enum(['created_at', 'title']).default('created_at'),
    sortedBy: z.enum(['asc', 'desc']).default('desc'),
    unread: z.enum(['1', '0']).optional(),
  },
  { defaultPerPage: 10 },
);

export const markAsReadSchema = z.object({ ids: z.array(id()).min(1).max(1000) });

export const announcementMessages = {
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  deleted: 'Announcement deleted successfully',
  notFound: 'Announcement not found.',
} as const;
