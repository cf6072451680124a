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
