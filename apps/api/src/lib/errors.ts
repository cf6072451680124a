import { type ErrorCode, errorMessages, errorStatus } from '@portal/contracts';

/**
 * A failure a service reports to its caller, as a code; the error handler turns it into the reply
 * shape, with the status the contracts pair with the code (`errorStatus`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = errorMessages.notFound) {
    super('not_found', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = errorMessages.forbidden) {
    super('forbidden', message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string = errorMessages.unauthenticated) {
    super('unauthenticated', message);
  }
}

/** A field-level failure: `{field: [message]}` lands on the named form field. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string[]>, message: string = errorMessages.validationFailed, code: Extract<ErrorCode, 'validation_failed' | 'unique' | 'code_invalid' | 'captcha_failed'> = 'validation_failed') {
    super(code, message, fields);
  }
}

/** A uniqueness violation on one field (SPEC.md section 8: error code `unique`). */
export class UniqueError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: [message] }, message, 'unique');
  }
}
