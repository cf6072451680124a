import type { UploadValue } from '../components/forms/upload-item.tsx';

/** Multipart body of a form with files (creatives, landing pages): text fields (empty ones left out), new files, and `<field>_deleted` for replaced or removed stored files. */
export function multipartBody(fields: Record<string, string | number | null | undefined>, files: Record<string, { value: UploadValue | null | undefined; stored: { uuid: string } | null | undefined }> = {}): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined && v !== '') body.append(k, String(v));
  for (const [k, { value, stored }] of Object.entries(files)) {
    if (value instanceof File) body.append(k, value, value.name);
    if (stored && (!value || value instanceof File || value.uuid !== stored.uuid)) body.append(`${k}_deleted`, stored.uuid);
  }
  return body;
}
