/**
 * The empty marker: the value the API sends for "no value" in text columns (SPEC.md section 5:
 * "the empty marker ... do not [count as filled]"). A lone '-' is what the legacy data holds.
 */
export const EMPTY_MARKER = '-';

/**
 * A value that counts as not filled: undefined, null, the empty marker, a blank string, an empty
 * array. Zero and false are filled (a payout of 0 or an unchecked box is an answer).
 */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || trimmed === EMPTY_MARKER;
  }
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

export const isFilled = (value: unknown): boolean => !isBlank(value);
