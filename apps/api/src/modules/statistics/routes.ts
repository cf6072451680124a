import { dashboardReplySchema, errorReplySchema, statisticsQuerySchema, statisticsReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOrStaff, networkFigures, seesStaffOnly } from '../../lib/access.ts';
import { scopeOf } from '../../lib/scope.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { dashboard } from './dashboard.ts';
import { report } from './service.ts';

/** Who may call each route; the network's revenue, cost and margin only for staff with statistics (`networkFigures`). */
const dailyAccess = clientOrStaff('statistics', networkFigures);
const dashboardAccess = clientOrStaff('dashboard', networkFigures);

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/statistics/daily',
    {
      onRequest: requireAccess(app, dailyAccess, { tokenScope: 'statistics:read' }),
      schema: {
        tags: ['statistics'],
        summary: "Daily report (or grouped by offer, site, campaign, country, device, sub ID); affiliates see only their own, staff also the network's revenue, cost and margin",
        security: [{ bearer: [] }],
        querystring: statisticsQuerySchema,
        response: { 200: statisticsReplySchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      // The network's revenue, cost and margin: only for whom the route's rule says (staff with statistics).
      const view = { figures: seesStaffOnly(dailyAccess, request.auth!) };
      // Reports read the replica while it is fresh (docs/deploy.md, "A read replica for reports").
      const { rows, totals, query } = await report(request.readDb, scopeOf(request.auth!), request.query, view);
      return { data: rows, meta: { totals, from: query.from, to: query.to, group_by: query.group_by } };
    },
  );

  app.get(
    '/v1/dashboard',
    {
      onRequest: requireAccess(app, dashboardAccess, { tokenScope: 'statistics:read' }),
      schema: {
        tags: ['statistics'],
        summary: "Affiliates: their periods, balance, 30-day chart and top offers; staff: the network's, with top affiliates (and revenue, cost and margin with statistics)",
        security: [{ bearer: [] }],
        response: { 200: dashboardReplySchema, 401: errorReplySchema, 403: errorReplySchema },
      },
    },
    // The figures from the replica while it is fresh; the affiliate's balance always from the primary.
    async (request) => ({ data: await dashboard({ reports: request.readDb, primary: app.db }, scopeOf(request.auth!), { figures: seesStaffOnly(dashboardAccess, request.auth!) }) }),
  );
};
