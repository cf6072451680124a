import type { SelectOption } from './field-types.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Select search: case-insensitive "contains"; with Exact word match the query must be a whole
 * word (or words) of the label, so "art" finds "Art Studio" but not "Smart".
 */
export function filterOptions<T extends SelectOption>(options: readonly T[], query: string, exact: boolean): T[] {
  const q = query.trim();
  if (q === '') return [...options];
  if (!exact) {
    const lower = q.toLowerCase();
    return options.filter((o) => o.label.toLowerCase().includes(lower));
  }
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escape(q)}($|[^\\p{L}\\p{N}])`, 'iu');
  return options.filter((o) => pattern.test(o.label));
}
