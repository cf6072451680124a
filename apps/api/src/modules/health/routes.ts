import { errorMessages, errorReplySchema, healthReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness with a database round trip',
        response: { 200: healthReplySchema, 503: errorReplySchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'health check: database not answering');
        return reply.code(503).send({ error_code: 'service_unavailable', message: errorMessages.databaseUnavailable });
      }
      return { status: 'ok' as const };
    },
  );
};
