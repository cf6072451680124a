import { type ErrorCode, errorMessages } from '@portal/contracts';

/** A failure a service reports to its caller; the error handler turns it into the reply shape. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    fields?: Record<string, string[]>,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = errorMessages.notFound) {
    super(404, 'not_found', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = errorMessages.forbidden) {
    super(403, 'forbidden', message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string = errorMessages.unauthenticated) {
    super(401, 'unauthenticated', message);
  }
}

/** A field-level failure: `{field: [message]}` lands on the named form field. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string[]>, message: string = errorMessages.validationFailed, code: ErrorCode = 'validation_failed') {
    super(422, code, message, fields);
  }
}

/** A uniqueness violation on one field (SPEC.md section 8: error code `unique`). */
export class UniqueError extends ValidationError {
  constructor(field: string, message: string) {
    super({ [field]: [message] }, message, 'unique');
  }
}
