import multipart from '@fastify/multipart';
import { errorMessages, isStorableText, validationMessages } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../lib/errors.ts';

/** Files larger than this are cut while streaming and then refused with the field's message. */
const STREAM_LIMIT = 10 * 1024 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: STREAM_LIMIT, files: 20, fields: 100, fieldSize: 1024 * 1024 } });
}

/** One file of a form, read into memory; the uploads module stores it. */
export interface IncomingFile {
  field: string;
  filename: string;
  bytes: Uint8Array;
  /** True when the upload was cut at the size limit while streaming. */
  truncated: boolean;
}

export interface FormPayload {
  fields: Record<string, string | string[]>;
  files: IncomingFile[];
}

/**
 * Reads a multipart form (SPEC.md: announcements and other uploads are sent as multipart), or a
 * JSON body, into plain fields and files. Repeated fields (`ids[]`, `ids`) become lists.
 */
export async function readForm(request: FastifyRequest): Promise<FormPayload> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(body)) {
      if (Array.isArray(v)) fields[k] = v.map(String);
      else if (v !== null && v !== undefined) fields[k] = String(v);
    }
    return { fields, files: [] };
  }
  const fields: Record<string, string | string[]> = {};
  const files: IncomingFile[] = [];
  const unstorable: Record<string, string[]> = {};
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname.replace(/\[\]$/, '');
      if (!isStorableText(part.fieldname) || (part.type === 'file' && !isStorableText(part.filename))) unstorable[name] = [validationMessages.invalid];
      if (part.type === 'file') {
        let bytes: Buffer;
        let truncated = false;
        try {
          bytes = await part.toBuffer();
        } catch {
          // Past the stream limit: the file is refused as too large, the rest of the form still read.
          bytes = Buffer.alloc(0);
          truncated = true;
        }
        files.push({ field: part.fieldname, filename: part.filename, bytes: new Uint8Array(bytes), truncated: truncated || part.file.truncated });
      } else {
        const value = String(part.value ?? '');
        if (!isStorableText(value)) unstorable[name] = [validationMessages.invalid];
        const prev = fields[name];
        if (prev === undefined) fields[name] = part.fieldname.endsWith('[]') ? [value] : value;
        else fields[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    }
  } catch (err) {
    // The multipart plugin's own limits carry their status; anything else is a body that ends early or breaks the format.
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('bad_request', errorMessages.malformedForm);
  }
  if (Object.keys(unstorable).length) throw new ValidationError(unstorable, errorMessages.validationFailed);
  return { fields, files };
}
