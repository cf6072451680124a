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
  /** The Terms of Service box (sign-up, and again after a new version): SPEC.md names no message for it (docs/auth.md). */
  acceptTerms: 'Accept the Terms of Service and confirm that you are 18 or older.',
} as const;
