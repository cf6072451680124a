import { isUtf8 } from 'node:buffer';
import { errorMessages, hasIllFormedText } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * How deep a JSON body may nest. Our deepest request (a campaign's geo targeting) is 3 levels;
 * every walker after the parser (the NUL check, zod, the logger) recurses once per level, so a
 * body thousands deep would overflow the stack and answer 500.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, counted in one pass without parsing (strings skipped). */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * JSON bodies go through Fastify's own parser (prototype-poisoning keys refused with a 400) after a
 * depth check: a body nested deeper than MAX_JSON_DEPTH is a 400 in the one error shape. Text
 * that is not well-formed Unicode (bytes that are not UTF-8, or a lone surrogate escape such as
 * `"\ud800"` in a string or a key) is a 400 as well: it has no faithful form in the database.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (!isUtf8(bytes)) {
      done(new AppError('bad_request', errorMessages.invalidUnicode), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new AppError('bad_request', errorMessages.nestedTooDeep), undefined);
      return;
    }
    parse(request, text, (err, value) => {
      if (!err && hasIllFormedText(value)) done(new AppError('bad_request', errorMessages.invalidUnicode), undefined);
      else done(err, value);
    });
  });
}
