import type { FastifyInstance } from 'fastify';
import { recordEvent } from '../lib/events.ts';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write in a login-as session is answerable: a line with both the affiliate and the staff user
 * behind the session, whatever the route (the route's own event, if any, carries both as well).
 * It is written before the reply leaves, so whoever sees the reply can already read the line.
 */
export function registerLoginAsTrail(app: FastifyInstance): void {
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
