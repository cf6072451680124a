import { errorMessages, errorReplySchema, healthReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

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
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.warn({ err }, 'health check: database not answering');
        throw new AppError('service_unavailable', errorMessages.databaseUnavailable);
      }
      return { status: 'ok' as const };
    },
  );
};
