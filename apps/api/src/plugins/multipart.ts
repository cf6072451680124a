import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingFile } from '../modules/uploads/storage.ts';

/** Files larger than this are cut while streaming and then refused with the field's message. */
const STREAM_LIMIT = 10 * 1024 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: STREAM_LIMIT, files: 20, fields: 100, fieldSize: 1024 * 1024 } });
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
  for await (const part of request.parts()) {
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
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = String(part.value ?? '');
      const prev = fields[name];
      if (prev === undefined) fields[name] = part.fieldname.endsWith('[]') ? [value] : value;
      else fields[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  return { fields, files };
}
