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
  'unsupported_media_type',
  'unique',
  'conflict',
  'too_many_requests',
  'system_is_under_maintenance',
  'invalid_credentials',
  'user_inactive',
  'code_invalid',
  'token_invalid',
  'refresh_token_invalid',
  'captcha_failed',
  'social_login_failed',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

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
  validationFailed: 'The given data was invalid.',
  notFound: 'The requested resource was not found.',
  routeNotFound: 'There is no such API route.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  unauthenticated: 'You need to sign in to do this.',
  forbidden: 'You are not allowed to do this.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  maintenance: 'The site is under maintenance. Please try again later.',
  databaseUnavailable: 'The database is not answering.',
  internal: 'An internal error occurred. Please try again later.',
} as const;
