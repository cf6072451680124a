/**
 * Text the database cannot hold: PostgreSQL refuses the NUL character in text and JSON. One rule
 * for every text that comes in; the server applies it at the edge to every body, query and path
 * parameter, so no route can forget it.
 */
export const isStorableText = (value: string): boolean => !value.includes('\u0000');

/** Paths of every string (or object key) in a parsed body or query that cannot be stored. */
export function unstorableTextPaths(value: unknown, path: readonly string[] = [], found: string[][] = []): string[][] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push([...path]);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextPaths(item, [...path, String(i)], found));
  } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push([...path, key]);
      else unstorableTextPaths(item, [...path, key], found);
    }
  }
  return found;
}

/** Removes NUL characters: for tracking links, where a visitor must still be sent on. */
export const withoutUnstorable = (value: string): string => value.replaceAll('\u0000', '');

/**
 * Text that is not well-formed Unicode: a lone surrogate (`"\ud800"` in JSON) has no UTF-8 form,
 * so a text column would store U+FFFD in its place and a JSON column refuses it. The server
 * refuses such a request at the edge (400), whatever its route.
 */
export function hasIllFormedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (depth > 64 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasIllFormedText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed() || hasIllFormedText(item, depth + 1)) return true;
  }
  return false;
}
