import { z } from 'zod';

/** Machine-readable codes the API puts in `error_code`; the web client keys its behaviour on them. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'unsupported_media_type',
  'unique',
  'conflict',
  'too_many_requests',
  'system_is_under_maintenance',
  'invalid_credentials',
  'user_inactive',
  'account_pending_approval',
  'code_invalid',
  'token_invalid',
  'refresh_token_invalid',
  'captcha_failed',
  'social_login_failed',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status of each error code: the one place they are paired, so a reply's status and code always agree. */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  unsupported_media_type: 415,
  unique: 422,
  conflict: 409,
  too_many_requests: 429,
  system_is_under_maintenance: 503,
  invalid_credentials: 401,
  user_inactive: 403,
  account_pending_approval: 403,
  code_invalid: 422,
  token_invalid: 422,
  refresh_token_invalid: 401,
  captcha_failed: 422,
  social_login_failed: 400,
  service_unavailable: 503,
  internal_error: 500,
};

/** The one error reply shape of every API error. `errors` only for field validation. */
export const errorReplySchema = z.object({
  error_code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorReply = z.infer<typeof errorReplySchema>;

/** Messages for errors that are not tied to one field. */
export const errorMessages = {
  malformedJson: 'The request body is not valid JSON.',
  nestedTooDeep: 'The request body is nested too deeply.',
  validationFailed: 'The given data was invalid.',
  notFound: 'The requested resource was not found.',
  routeNotFound: 'There is no such API route.',
  payloadTooLarge: 'The request body is too large.',
  uriTooLong: 'The address of the request is too long.',
  headersTooLarge: 'The request headers are too large.',
  badRequest: 'The request could not be read.',
  /** Text that is not well-formed Unicode (a lone surrogate, or bytes that are not UTF-8) anywhere in the body, query or path. */
  invalidUnicode: 'The request holds text that is not valid Unicode.',
  malformedForm: 'The form data is incomplete or malformed.',
  unsupportedMediaType: 'This content type is not supported.',
  unauthenticated: 'You need to sign in to do this.',
  forbidden: 'You are not allowed to do this.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  maintenance: 'The site is under maintenance. Please try again later.',
  databaseUnavailable: 'The database is not answering.',
  /** While no primary database answers (a failover, a restart): 503 with Retry-After, on every route but clicks. */
  briefOutage: 'The service is briefly unavailable. Please try again in a moment.',
  internal: 'An internal error occurred. Please try again later.',
} as const;
