import { fileExtension, type UploadRule, uploadMimeTypes } from '@portal/contracts';

/**
 * The browser's first look at a picked file: its extension and size against the field's rule.
 * The server checks the content again and does not trust the name.
 */
export function fileMeetsRule(file: { name: string; size: number }, rule: UploadRule): boolean {
  return rule.extensions.includes(fileExtension(file.name)) && file.size > 0 && file.size <= rule.maxBytes;
}

/** The file picker's accept attribute: extensions and their MIME types. */
export function acceptAttribute(rule: UploadRule): string {
  const mimes = rule.extensions.map((e) => uploadMimeTypes[e]).filter((m): m is string => Boolean(m));
  return [...rule.extensions.map((e) => `.${e}`), ...new Set(mimes)].join(',');
}

/** A file already in the field has this name (duplicates are compared by name, case-insensitive). */
export function hasName(items: readonly { name: string }[], name: string): boolean {
  const wanted = name.toLowerCase();
  return items.some((i) => i.name.toLowerCase() === wanted);
}
