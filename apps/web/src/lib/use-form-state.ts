import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../components/forms/server-errors.ts';

/**
 * Values and field errors of a small form whose options depend on each other (site -> offer -> landing page).
 * The contracts schema validates on save, so a form cannot save until it validates; server field errors land on their fields.
 */
export function useFormState<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key as string];
      return next;
    });
  };

  /** The parsed values, or undefined with every message shown. */
  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | undefined {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      next[path] ??= issue.message;
    }
    setErrors(next);
    return undefined;
  }

  /** Puts an API reply's field errors on their fields; true when there were any. */
  const applyServerErrors = (error: unknown): boolean => {
    const found = fieldErrors(error);
    setErrors(found);
    return Object.keys(found).length > 0;
  };

  return { values, setValues, set, errors, setErrors, validate, applyServerErrors };
}
