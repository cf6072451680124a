import { errorMessages, errorReplySchema, healthReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';
import { isDatabaseLost } from '../../db/failover.ts';
import { AppError } from '../../lib/errors.ts';
import { anyone } from '../../lib/access.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: anyone },
      schema: {
        tags: ['system'],
        summary: 'Liveness with a database round trip',
        description: '`ok` when the database answered; `degraded` while no primary answers (clicks are spooled, other routes answer 503); 503 when the instance cannot serve.',
        response: { 200: healthReplySchema, 503: errorReplySchema },
      },
    },
    async (request) => {
      // A failover under way: answered at once (a load balancer's check must not wait for it).
      if (!app.dbAvailable()) return { status: 'degraded' as const };
      try {
        await pingDatabase(app.db);
      } catch (err) {
        // A failover under way: this instance still answers clicks (clicks/spool.ts), so it stays in.
        if (isDatabaseLost(err)) {
          request.log.warn({ err }, 'health check: no primary answers; clicks are spooled');
          return { status: 'degraded' as const };
        }
        request.log.warn({ err }, 'health check: database not answering');
        throw new AppError('service_unavailable', errorMessages.databaseUnavailable);
      }
      return { status: 'ok' as const };
    },
  );
};
