import { errorMessages, unstorableTextPaths, validationMessages, withoutUnstorable } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../lib/errors.ts';
import { fieldName } from './errors.ts';

function stripStrings(values: unknown): void {
  if (values === null || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') record[key] = withoutUnstorable(value);
    else if (Array.isArray(value)) record[key] = value.map((v: unknown) => (typeof v === 'string' ? withoutUnstorable(v) : v));
  }
}

/**
 * The edge rule for text the database cannot store (contracts' `isStorableText`): every path
 * parameter, query and parsed body is checked before its route's schema, so a NUL anywhere is a
 * 422 on its field and never reaches a query. Multipart fields are checked where they are read.
 */
export function registerStorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.unstorableText === 'strip') {
      stripStrings(request.query);
      stripStrings(request.params);
      return;
    }
    const errors: Record<string, string[]> = {};
    for (const source of [request.params, request.query, request.body]) {
      for (const path of unstorableTextPaths(source)) errors[fieldName(`/${path.join('/')}`)] = [validationMessages.invalid];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors, errorMessages.validationFailed);
  });
}
