import { config, type $ZodRawIssue } from 'zod/v4/core';
import { isBlank } from './rules/empty.ts';
import { validationMessages as m } from './validation.ts';

/** The longest-text message the text rule uses, for a bound written without one. */
const maxLength = (n: number | bigint) => `This field must be at most ${n} characters`;

/**
 * SPEC.md section 5's messages for every issue a rule did not name itself. The rules carry their
 * own messages; this is the floor under them, so zod's own English ("Too small: expected number to
 * be >0") reaches no form and no API reply whatever a schema forgot.
 */
export function specMessage(issue: $ZodRawIssue): string {
  if (isBlank(issue.input) && issue.code !== 'too_big') return m.required;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? m.required : m.minLength(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'file') return m.required;
      if ((issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') && Number(issue.minimum) === 0) return m.positive;
      return m.invalid;
    case 'too_big':
      return issue.origin === 'string' ? maxLength(issue.maximum) : m.invalid;
    case 'invalid_format':
      if (issue.format === 'email') return m.email;
      if (issue.format === 'url') return m.url;
      return m.invalid;
    default:
      return m.invalid;
  }
}

// Process-wide, so every parse of a contracts schema (the forms in the browser, the route
// validator on the server) answers in these words; a schema's own message still comes first.
config({ customError: specMessage });
