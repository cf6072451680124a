import type { z } from 'zod';
import { validationMessages as m } from '../validation.ts';
import { isBlank } from './empty.ts';

type Issues = readonly { readonly path?: readonly PropertyKey[] }[];
const touches = (issues: Issues, fields: readonly string[]) => issues.some((i) => fields.includes(String(i.path?.[0])));

/**
 * `when` of a form-wide refine that runs although other fields are still wrong: only on an object
 * (a body of `null`, a number or a list is already refused, and the check would read its fields).
 */
export const whenObject = (payload: { value: unknown }): boolean => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

/**
 * Password repeat: `confirm` must equal `field`; the message lands on `confirm`. Checked even
 * when other fields of the form are still wrong, so the person sees it at once.
 */
export function passwordsMatch<T extends Record<string, unknown>>(field: keyof T & string = 'password', confirm: keyof T & string = 'password_confirmation') {
  const check = (value: T) => value[field] === value[confirm];
  const params: { message: string; path: PropertyKey[]; when: (payload: { issues: Issues; value: unknown }) => boolean } = {
    message: m.passwordMismatch,
    path: [confirm],
    when: (payload) => whenObject(payload) && !touches(payload.issues, [field, confirm]),
  };
  return [check, params] as [typeof check, typeof params];
}

/** Value used to compare inner-block items: trimmed and case-insensitive for text. */
const uniqueKey = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : JSON.stringify(value));

/**
 * Indexes of items whose `key` repeats an earlier item's value. Blank values are never
 * duplicates (required says what is missing).
 */
export function findDuplicates(items: readonly Record<string, unknown>[], key: string): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  items.forEach((item, index) => {
    const value = item[key];
    if (isBlank(value)) return;
    const k = uniqueKey(value);
    if (seen.has(k)) duplicates.push(index);
    else seen.add(k);
  });
  return duplicates;
}

/**
 * mustBeUnique for inner blocks: a superRefine for an array of items; every repeated value of a
 * listed key gets "Field must be unique" on that item's field.
 */
export function mustBeUnique<Item extends Record<string, unknown>>(...keys: (keyof Item & string)[]) {
  return (items: readonly Item[], ctx: z.RefinementCtx) => {
    for (const key of keys) {
      for (const index of findDuplicates(items, key)) {
        ctx.addIssue({ code: 'custom', message: m.unique, path: [index, key], input: items[index]?.[key] });
      }
    }
  };
}

/** A field required only while `when` holds (the server half of a form relation). */
export function requiredWhen<T extends Record<string, unknown>>(field: keyof T & string, when: (value: T) => boolean) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (when(value) && isBlank(value[field])) ctx.addIssue({ code: 'custom', message: m.required, path: [field], input: value[field] });
  };
}
