import { errorMessages, hasIllFormedText, unstorableTextPaths, validationMessages, withoutUnstorable } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, ValidationError } from '../lib/errors.ts';
import { isUtf8Address } from '../lib/unicode.ts';
import { fieldName } from './errors.ts';

function stripStrings(values: unknown): void {
  if (values === null || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  const clean = (v: string) => withoutUnstorable(v).toWellFormed();
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') record[key] = clean(value);
    else if (Array.isArray(value)) record[key] = value.map((v: unknown) => (typeof v === 'string' ? clean(v) : v));
  }
}

/**
 * The edge rules for text, before each route's schema:
 * - text that is not well-formed Unicode (percent-escapes that are not UTF-8, lone surrogates) in
 *   the address, the query, the path parameters or a form body is a 400 (JSON bodies are checked
 *   by their parser, plugins/json-body.ts);
 * - text the database cannot store (contracts' `isStorableText`): every path parameter, query and
 *   parsed body is checked, so a NUL anywhere is a 422 on its field and never reaches a query.
 * Multipart fields are checked for NUL where they are read. A route may strip both instead (tracking
 * links, where a visitor must still be sent on).
 */
export function registerStorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.unstorableText === 'strip') {
      stripStrings(request.query);
      stripStrings(request.params);
      return;
    }
    if (!isUtf8Address(request.url) || hasIllFormedText(request.params) || hasIllFormedText(request.query) || hasIllFormedText(request.body)) {
      throw new AppError('bad_request', errorMessages.invalidUnicode);
    }
    const errors: Record<string, string[]> = {};
    for (const source of [request.params, request.query, request.body]) {
      for (const path of unstorableTextPaths(source)) errors[fieldName(`/${path.join('/')}`)] = [validationMessages.invalid];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors, errorMessages.validationFailed);
  });
}
