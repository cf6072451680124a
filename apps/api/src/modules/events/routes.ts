import { errorReplySchema, type EventListReply, eventListQuerySchema, eventListReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { eventsCsv } from './csv.ts';
import { listEvents } from './queries.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/events',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('settings'))),
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
        const list = await listEvents(request.readDb, request.query, true);
        return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="event-history.csv"').send(eventsCsv(list.data) as unknown as EventListReply); // a file, not the JSON reply
      }
      return listEvents(request.readDb, request.query);
    },
  );
};
