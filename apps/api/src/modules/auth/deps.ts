import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthDeps, RequestContext } from './service.ts';

export function authDeps(app: FastifyInstance): AuthDeps {
  return { db: app.db, config: app.config, mailer: app.mailer, limiter: app.limiter, isMaintenance: () => app.maintenance.isOn() };
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
