import { errorReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EventType, recordChange } from '../lib/events.ts';
import { type Access } from '../lib/access.ts';
import { requireAccess } from './auth.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['settings'];
const security = [{ bearer: [] }];
const readErrors = { 401: errorReplySchema, 403: errorReplySchema };

export interface DocumentSpec<V> {
  /** `GET|PUT <path>`. */
  path: string;
  /** Who may read and replace the document (lib/access.ts). */
  access: Access;
  summaries: { get: string; put: string };
  /** What PUT takes (validated, the SPEC messages on its fields) and what both answer. */
  body: z.ZodType;
  reply: z.ZodType;
  get: () => Promise<unknown>;
  put: (value: V) => Promise<unknown>;
  /** The event of a write: `settings.updated` with the path's last part as the object, unless said. */
  event?: { type: EventType; objectId: string };
  /** PUT's error replies besides 401 and 403 (default 422). */
  putErrors?: Record<number, z.ZodType>;
}

/**
 * One setting document: GET reads it, PUT replaces it (or the fields sent) and answers it read
 * again; every write is recorded in the event history with its values before and after.
 */
export function documentRoutes<V>(app: App, spec: DocumentSpec<V>): void {
  const reply = z.object({ data: spec.reply });
  const event = spec.event ?? { type: 'settings.updated', objectId: spec.path.split('/').at(-1)! };
  app.get(spec.path, { onRequest: requireAccess(app, spec.access), schema: { tags, summary: spec.summaries.get, security, response: { 200: reply, ...readErrors } } }, async () => ({
    data: await spec.get(),
  }));
  app.put(
    spec.path,
    {
      onRequest: requireAccess(app, spec.access),
      schema: { tags, summary: spec.summaries.put, security, body: spec.body, response: { 200: reply, ...readErrors, ...(spec.putErrors ?? { 422: errorReplySchema }) } },
    },
    async (request) => {
      const before = await spec.get();
      await spec.put(request.body as V);
      const after = await spec.get();
      await recordChange(request, event.type, { objectId: event.objectId, before, after });
      return { data: after };
    },
  );
}
