/** Suffix of the field that reports removed uploads (SPEC.md section 3). */
export const DELETED_SUFFIX = '_deleted';

const uuidOf = (v: unknown): string | undefined =>
  v !== null && typeof v === 'object' && 'uuid' in v && typeof v.uuid === 'string' ? v.uuid : undefined;

const uuids = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(uuidOf).filter((id): id is string => id !== undefined);

/** uuids of stored files the form started with that are no longer in the field. */
export function deletedUploads(initial: unknown, current: unknown): string[] {
  const kept = new Set(uuids(current));
  return uuids(initial).filter((id) => !kept.has(id));
}
