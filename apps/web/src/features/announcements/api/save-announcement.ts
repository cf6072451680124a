import { type Announcement, announcementSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { announcementKeys } from './keys.ts';

export interface AnnouncementPayload {
  title: string;
  description: string;
  announcement_url: string | null;
  button_text: string | null;
  /** A newly picked image; a stored one is kept by sending nothing. */
  image: File | null;
  /** uuids of stored images removed in the form. */
  image_deleted: string[];
}

const reply = z.object({ data: announcementSchema, message: z.string().optional() });

/** The multipart body SPEC.md section 7 asks for: text fields, the `image` file, `image_deleted[]` uuids. */
export function toFormData(payload: AnnouncementPayload): FormData {
  const form = new FormData();
  form.append('title', payload.title);
  form.append('description', payload.description);
  form.append('announcement_url', payload.announcement_url ?? '');
  form.append('button_text', payload.button_text ?? '');
  if (payload.image) form.append('image', payload.image, payload.image.name);
  for (const uuid of payload.image_deleted) form.append('image_deleted[]', uuid);
  return form;
}

/** POST /v1/announcements (create) or POST /v1/announcements/{id} (update), multipart. */
export async function saveAnnouncement({ id, payload }: { id?: number | undefined; payload: AnnouncementPayload }): Promise<Announcement> {
  const path = id === undefined ? '/v1/announcements' : `/v1/announcements/${id}`;
  return reply.parse(await apiRequest(path, { method: 'POST', body: toFormData(payload) })).data;
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAnnouncement, onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }) });
}
