/** SPEC.md section 5: validation messages, word for word. */
export const validationMessages = {
  required: 'This field is required',
  /** The same text where a screen ends its messages with a full stop. */
  requiredWithStop: 'This field is required.',
  minLength: (n: number) => `This field must be at least ${n} characters`,
  invalid: 'This field is invalid',
  positive: 'This field must be a positive number.',
  email: 'This field must be a email.',
  url: 'This field must be a url.',
  percentage: 'This field must be a positive number from 0 to 100',
  passwordMismatch: 'Password mismatch',
  unique: 'Field must be unique',
  urlEntry: 'The value must be a absolute or relative (starts with /) link.',
  /** Names (people, companies, account holders, sites, offers...): no control or text-direction characters (docs/architecture.md). */
  plainName: 'This field must not contain control characters.',
  /** A day in a filter or a form: a real calendar day, in the range the database and the reports hold (rules/dates.ts). */
  day: 'This field must be a real day written YYYY-MM-DD, from 1970-01-01 to 2999-12-31.',
  /** Text longer than its column: the length is the rule (rules/urls.ts, rules/text.ts). */
  maxLength: (n: number) => `This field must be at most ${n} characters`,
  /** A number beyond what the field can hold (rules/numbers.ts). */
  tooLarge: (max: number) => `This field must be at most ${max}.`,
  /** The Terms of Service box (sign-up, and again after a new version): SPEC.md names no message for it (docs/auth.md). */
  acceptTerms: 'Accept the Terms of Service and confirm that you are 18 or older.',
} as const;
