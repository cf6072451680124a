import { type ConversionLogRow, conversionLogQuerySchema, conversionLogReplySchema, errorReplySchema, toCsv } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaffScope, scopeOf, type Scope } from '../../lib/scope.ts';
import { clientOrStaff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { listConversionLog } from './log-query.ts';

const tags = ['conversions'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema };
const dollars = (v: number | null) => (v === null ? '' : v.toFixed(2));

/** The log as CSV (formula-safe through the contracts' writer: a sub ID such as `=HYPERLINK(…)` stays text). */
export function conversionLogCsv(rows: readonly ConversionLogRow[], scope: Scope): string {
  const staff = isStaffScope(scope);
  const header = ['id', 'time', 'transaction_id', 'site', 'offer', ...(staff ? ['affiliate_id', 'affiliate'] : []), 'type', 'amount', 'currency', 'usd_amount', 'earning', 'status', 'reason', 'cid', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'country', 'device', 'reverses_id', 'reverses_transaction_id', 'biller', 'biller_event'];
  return toCsv(
    header,
    rows.map((r) => [
      r.id,
      r.time,
      r.transaction_id,
      r.site.name,
      r.offer?.name ?? '',
      ...(staff ? [r.affiliate?.id ?? '', r.affiliate ? `${r.affiliate.name} <${r.affiliate.email}>` : ''] : []),
      r.type,
      r.amount,
      r.currency,
      dollars(r.usd_amount),
      dollars(r.earning),
      r.status,
      r.reason ?? '',
      r.cid ?? '',
      r.sub1 ?? '',
      r.sub2 ?? '',
      r.sub3 ?? '',
      r.sub4 ?? '',
      r.sub5 ?? '',
      r.country ?? '',
      r.device ?? '',
      r.reverses?.id ?? '',
      r.reverses?.transaction_id ?? '',
      r.biller ?? '',
      r.biller_event ?? '',
    ]),
  );
}

/** `GET /v1/conversion-log` and its CSV; staff's actions on a row are in their own file of this module. */
export const conversionLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/conversion-log',
    {
      onRequest: requireAccess(app, clientOrStaff('statistics'), { tokenScope: 'statistics:read' }),
      schema: {
        tags,
        operationId: 'listConversionLog',
        summary: 'The conversion log: each conversion with its amount as sent, earning, status and reason, and its click; affiliates see only their own',
        security,
        querystring: conversionLogQuerySchema,
        response: { 200: conversionLogReplySchema, ...errors },
      },
    },
    async (request) => listConversionLog(request.readDb, scopeOf(request.auth!), request.query),
  );

  app.get(
    '/v1/conversion-log.csv',
    {
      onRequest: requireAccess(app, clientOrStaff('statistics'), { tokenScope: 'statistics:read' }),
      schema: {
        tags,
        operationId: 'exportConversionLog',
        summary: 'The conversion log as CSV: the same filters, every matching row (paging is ignored)',
        security,
        querystring: conversionLogQuerySchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request.auth!);
      const { data } = await listConversionLog(request.readDb, scope, { ...request.query, page: 1, per_page: 0 });
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="conversion-log.csv"').send(conversionLogCsv(data, scope));
    },
  );
};
