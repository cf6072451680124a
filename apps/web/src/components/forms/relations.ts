import { isBlank } from '@portal/contracts';
import type { RelationCriteria } from './field-types.ts';

interface Related {
  relation?: string;
  relationValue?: unknown;
  relationCriteria?: RelationCriteria;
}

const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Whether a related value satisfies the relation. Multi-values match when any of them does. */
export function relationHolds(criteria: RelationCriteria | undefined, expected: unknown, actual: unknown): boolean {
  const mode = criteria ?? (Array.isArray(expected) ? 'in' : 'equals');
  const actuals = list(actual);
  switch (mode) {
    case 'filled':
      return !isBlank(actual);
    case 'empty':
      return isBlank(actual);
    case 'equals':
    case 'in':
      return actuals.some((a) => list(expected).some((e) => same(a, e)));
    case 'notEquals':
    case 'notIn':
      return !actuals.some((a) => list(expected).some((e) => same(a, e)));
  }
}

/** Reads a dotted path ('a.b.0') from form values. */
export function valueAt(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * A field is shown when it has no relation, or when its related field (a sibling in the same
 * values object) holds the relation, and that field is itself shown.
 */
export function isShown(item: Related, values: unknown, items: readonly (Related & { name: string })[], depth = 0): boolean {
  if (!item.relation) return true;
  if (!relationHolds(item.relationCriteria, item.relationValue, valueAt(values, item.relation))) return false;
  const parent = items.find((i) => i.name === item.relation);
  // A chain (a shows b shows c) hides c when a hides b; depth guards a definition loop.
  return parent && depth < items.length ? isShown(parent, values, items, depth + 1) : true;
}
