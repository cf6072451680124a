import { errorReplySchema, type EventListReply, eventListQuerySchema, eventListReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordEvent } from '../../lib/events.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { eventsCsv } from './csv.ts';
import { listEvents } from './queries.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/events',
    {
      onRequest: requireAccess(app, 'GET /v1/events'),
      schema: {
        tags,
        summary: 'The event history: who did what to which object, before and after (`format=csv` for a file)',
        security,
        querystring: eventListQuerySchema,
        response: { 200: eventListReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const list = await listEvents(app.db, request.query, true);
        return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="event-history.csv"').send(eventsCsv(list.data) as unknown as EventListReply); // a file, not the JSON reply
      }
      return listEvents(app.db, request.query);
    },
  );
};

/**
 * Every write in a login-as session is answerable: a line with both the affiliate and the staff user
 * behind the session, whatever the route (the route's own event, if any, carries both as well).
 * It is written before the reply leaves, so whoever sees the reply can already read the line.
 */
export function registerLoginAsTrail(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth?.impersonatorId || !WRITE.has(request.method) || reply.statusCode >= 400) return payload;
    await recordEvent(app.db, 'login_as.action', {
      actorId: auth.id,
      impersonatorId: auth.impersonatorId,
      subjectId: auth.id,
      ip: request.ip,
      data: { method: request.method, route: request.routeOptions.url ?? request.url.split('?')[0], status: reply.statusCode },
    }).catch((error: unknown) => request.log.warn({ err: error }, 'could not record a login-as action'));
    return payload;
  });
}
