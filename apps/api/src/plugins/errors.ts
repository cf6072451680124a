import { type ErrorCode, type ErrorReply, errorMessages, errorStatus } from '@portal/contracts';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseLost } from '../db/failover.ts';
import { AppError } from '../lib/errors.ts';
import { isUtf8Address } from '../lib/unicode.ts';

/** The code of a client error raised outside our services (Fastify, its plugins) by its status. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
  422: 'validation_failed',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

/** Fastify's own client errors, with messages a person can act on. */
const fastifyErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: errorMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: errorMessages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: errorMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: errorMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'The Content-Length header does not match the body.' },
};

function send(reply: FastifyReply, status: number, body: ErrorReply): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Replies `{error_code, message, errors?}` with the status the contracts pair with the code. */
export function sendError(reply: FastifyReply, body: ErrorReply & { error_code: ErrorCode }): FastifyReply {
  return send(reply, errorStatus[body.error_code], body);
}

/**
 * Errors Fastify answers before a route is found (a path parameter past its length, a path that
 * cannot be decoded): the same shape as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, { error_code: 'uri_too_long', message: errorMessages.uriTooLong });
  // A path whose escapes are not UTF-8 cannot be decoded: said as the edge rule for text says it (plugins/storable-input.ts).
  if (!isUtf8Address(request.url)) return sendError(reply, { error_code: 'bad_request', message: errorMessages.invalidUnicode });
  return sendError(reply, { error_code: 'bad_request', message: errorMessages.badRequest });
}

/**
 * Requests the HTTP parser refuses before Fastify sees them (headers too large, malformed lines):
 * answered on the socket itself, in the error shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorReply] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { error_code: 'headers_too_large', message: errorMessages.headersTooLarge }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { error_code: 'bad_request', message: errorMessages.badRequest }]
        : [400, 'Bad Request', { error_code: 'bad_request', message: errorMessages.badRequest }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(error);
}

/**
 * Turns an issue's instance path into the form field it belongs to: an item of a list of values
 * lands on the list (`/methods/0` -> `methods`), a field of an inner block keeps its row
 * (`/ranges/1/from` -> `ranges.1.from`).
 */
export function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter((p) => p !== '');
  while (parts.length && /^\d+$/.test(parts.at(-1)!)) parts.pop();
  return parts.length ? parts.join('.') : '_';
}

/** Seconds a sender is asked to wait while no primary database answers. */
export const OUTAGE_RETRY_AFTER_S = 5;

/** One error reply shape for every error: `{error_code, message, errors?}`; 5xx never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendError(reply, {
        error_code: error.code,
        message: error.message,
        ...(error.fields ? { errors: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const name = fieldName(v.instancePath);
        (errors[name] ??= []).push(v.message ?? errorMessages.validationFailed);
      }
      return sendError(reply, { error_code: 'validation_failed', message: errorMessages.validationFailed, errors });
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return sendError(reply, { error_code: known.code, message: known.message });

    // No primary answers (a failover, a restart): the sender retries; conversions and biller posts need the primary's locks.
    if (isDatabaseLost(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_S));
      return sendError(reply, { error_code: 'service_unavailable', message: errorMessages.briefOutage });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status < 500 && !isResponseSerializationError(error)) {
      if (error.code === 'FST_ERR_VALIDATION' || error.validation) {
        return sendError(reply, { error_code: 'bad_request', message: error.message });
      }
      // A status our table does not name keeps its own status (Fastify's and its plugins' errors).
      return send(reply, status, { error_code: codeByStatus[status] ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, {
      error_code: status === 503 ? 'service_unavailable' : 'internal_error',
      message: errorMessages.internal,
    });
  });
}
