import { zodResolver } from '@hookform/resolvers/zod';
import { findDuplicates, isBlank, validationMessages as m } from '@portal/contracts';
import { type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';
import { type FieldDef, type FormItem, isBlock } from './field-types.ts';
import { isShown } from './relations.ts';

type AnyDef = FieldDef<FieldValues>;

/** What a number field's text must spell to be read as a number: digits, an optional sign and fraction. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
type Relatable = { name: string; relation?: string; relationValue?: unknown; relationCriteria?: AnyDef['relationCriteria'] };

/** Checks the definition adds on top of the schema, for a field that is shown: required and rules. */
function checkField(def: AnyDef, path: string, value: unknown, errors: FieldErrors): void {
  if (get(errors, path)) return;
  if (def.required && isBlank(value)) {
    set(errors, path, { type: 'required', message: m.required });
    return;
  }
  for (const rule of def.rules ?? []) {
    if (isBlank(value)) break;
    const result = rule.safeParse(value);
    if (!result.success) {
      set(errors, path, { type: 'rule', message: result.error.issues[0]?.message ?? m.invalid });
      return;
    }
  }
}

/** Removes an error at a dotted path (RHF has `set` and `get` but no unset). */
function unset(errors: FieldErrors, path: string): void {
  const keys = path.split('.');
  const last = keys.pop();
  const parent: unknown = keys.length ? get(errors, keys.join('.')) : errors;
  if (last !== undefined && parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
}

/**
 * The form's resolver: the contracts schema first, then what the definitions add. A field a
 * relation hides is neither checked nor saved (it is blanked before the schema runs, so such
 * fields must be optional in the schema and required with `requiredWhen` on the server);
 * `save: false` fields are checked but left out of the saved values.
 */
export function formResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, items: readonly FormItem<z.input<S>>[]): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, FieldValues>;
  const defs = items as unknown as readonly (AnyDef | (Relatable & { type: 'block'; fields: readonly AnyDef[]; mustBeUnique?: readonly string[] }))[];

  return async (values, context, options) => {
    const shown = new Set(defs.filter((d) => isShown(d, values, defs)).map((d) => d.name));
    const input: FieldValues = { ...values };
    for (const d of defs) if (!shown.has(d.name)) set(input, d.name, undefined);
    // A number field's text is handed over as the JSON number it spells (the API takes numbers, never text, for them).
    for (const d of defs) {
      const value: unknown = get(input, d.name);
      if ('type' in d && d.type === 'number' && typeof value === 'string' && PLAIN_NUMBER.test(value.trim())) set(input, d.name, Number(value.trim()));
    }

    const result = await base(input, context, options as never);
    const errors: FieldErrors = { ...result.errors };
    for (const d of defs) if (!shown.has(d.name)) unset(errors, d.name);

    for (const d of defs) {
      if (!shown.has(d.name)) continue;
      if (!isBlock(d as FormItem<FieldValues>)) {
        checkField(d as AnyDef, d.name, get(values, d.name), errors);
        continue;
      }
      const block = d as Relatable & { fields: readonly AnyDef[]; mustBeUnique?: readonly string[] };
      const rows: unknown = get(values, block.name);
      const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
      list.forEach((row, index) => {
        for (const f of block.fields) {
          const path = `${block.name}.${index}.${f.name}`;
          if (!isShown(f, row, block.fields)) unset(errors, path);
          else checkField(f, path, get(row, f.name), errors);
        }
      });
      for (const key of block.mustBeUnique ?? []) {
        for (const index of findDuplicates(list, key)) {
          const path = `${block.name}.${index}.${key}`;
          if (!get(errors, path)) set(errors, path, { type: 'unique', message: m.unique });
        }
      }
    }

    if (hasError(errors)) return { values: {}, errors } as never;
    // Only hidden fields failed the schema: save what was entered, without them.
    const output: FieldValues = Object.keys(result.errors).length ? input : { ...result.values };
    for (const d of defs) {
      if (!shown.has(d.name) || ('save' in d && d.save === false)) delete output[d.name];
    }
    return { values: output, errors: {} } as never;
  };
}

/** True when a nested errors object holds at least one message. */
function hasError(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if ('message' in node && typeof node.message === 'string') return true;
  return Object.entries(node).some(([k, v]) => k !== 'ref' && hasError(v));
}
