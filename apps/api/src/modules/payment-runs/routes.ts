import {
  createPaymentRunSchema,
  dataReply,
  errorMessages,
  errorReplySchema,
  hasIllFormedText,
  idParamsSchema,
  idText,
  paymentRunListQuerySchema,
  paymentRunListReplySchema,
  paymentRunMessages,
  paymentRunSchema,
  payoutTimelineSchema,
  statusImportSchema,
} from '@portal/contracts';
import { isUtf8 } from 'node:buffer';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type EventType, recordChange } from '../../lib/events.ts';
import { scopeOf } from '../../lib/scope.ts';
import { clientOrStaff, own, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { enqueuePayoutUpdateEmail } from '../email/index.ts';
import { createRun } from './create.ts';
import { importStatusFile } from './import.ts';
import { approveRun, cancelRun, dropItem, getRun, listRuns, markRunSent, runFile } from './service.ts';
import { payoutTimeline } from './timeline.ts';

const tags = ['payment-runs'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const runReply = z.object({ data: paymentRunSchema, message: z.string() });
/** A bank's answer may be large (a month of returns); 20 MiB is far above any. */
const STATUS_FILE_LIMIT = 20 * 1024 * 1024;

/**
 * A body that says it is JSON is held to the API's rule for JSON (docs/architecture.md): text that
 * is not well-formed Unicode is a 400 before anything reads it. Bank files in any other type pass as bytes.
 */
function jsonTextError(contentType: string | undefined, body: Buffer): AppError | null {
  if (!/^application\/(.+\+)?json/i.test(contentType ?? '')) return null;
  if (!isUtf8(body)) return new AppError('bad_request', errorMessages.invalidUnicode);
  try {
    return hasIllFormedText(JSON.parse(body.toString('utf8'))) ? new AppError('bad_request', errorMessages.invalidUnicode) : null;
  } catch {
    return null;
  }
}

export const paymentRunRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A run's state before and after a staff action, in the event history. */
  const recorded = async (request: FastifyRequest, type: EventType, id: number, act: () => Promise<unknown>) => {
    const before = await getRun(app.db, id);
    await act();
    const after = await getRun(app.db, id);
    const brief = (r: typeof before) => ({ status: r.status, approved_by: r.approved_by, totals: r.totals, checks: r.checks.length });
    await recordChange(request, type, { objectId: id, before: brief(before), after: brief(after) });
    return after;
  };

  app.post(
    '/v1/payment-runs',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: { tags, summary: 'Create a payment run of the approved payouts to pay by one method (or the ones named), frozen with their pre-flight checks', security, body: createPaymentRunSchema, response: { 201: runReply, ...errors } },
    },
    async (request, reply) => {
      const id = await createRun(app.db, request.body, request.auth!.id);
      const data = await getRun(app.db, id);
      await recordChange(request, 'payment_run.created', { objectId: id, after: { method: data.method, totals: data.totals, checks: data.checks } });
      return reply.status(201).send({ data, message: paymentRunMessages.created });
    },
  );

  app.get(
    '/v1/payment-runs',
    { onRequest: requireAccess(app, wholeNetwork(staff('payouts'))), schema: { tags, summary: 'Payment runs, newest first', security, querystring: paymentRunListQuerySchema, response: { 200: paymentRunListReplySchema, ...errors } } },
    async (request) => listRuns(app.db, request.query),
  );

  app.get(
    '/v1/payment-runs/:id',
    { onRequest: requireAccess(app, wholeNetwork(staff('payouts'))), schema: { tags, summary: 'A payment run: its items, checks, totals and what the bank answered', security, params: idParamsSchema, response: { 200: dataReply(paymentRunSchema), ...errors } } },
    async (request) => ({ data: await getRun(app.db, request.params.id) }),
  );

  const action = (path: 'approve' | 'cancel' | 'mark-sent', summary: string, type: EventType, message: string, act: (id: number, by: number) => Promise<unknown>) =>
    app.post(
      `/v1/payment-runs/:id/${path}`,
      { onRequest: requireAccess(app, wholeNetwork(staff('payouts'))), schema: { tags, summary, security, params: idParamsSchema, response: { 200: runReply, ...errors } } },
      async (request) => ({ data: await recorded(request, type, request.params.id, () => act(request.params.id, request.auth!.id)), message }),
    );
  action('approve', 'Approve a draft run (a staff member other than its creator, unless the owner switched two-person approval off); it cannot change afterwards', 'payment_run.approved', paymentRunMessages.approved, (id, by) => approveRun(app.db, id, by));
  action('cancel', 'Cancel a run that was not sent: its payouts are to pay again', 'payment_run.cancelled', paymentRunMessages.cancelled, (id, by) => cancelRun(app.db, id, by));
  action('mark-sent', 'Mark an approved run sent: its payouts are paid, each with its reference', 'payment_run.sent', paymentRunMessages.markedSent, async (id, by) => {
    const paid = await markRunSent(app.db, id, by);
    for (const payoutId of paid) await enqueuePayoutUpdateEmail(app.db, payoutId);
  });

  app.post(
    '/v1/payment-runs/:id/items/:payout_id/drop',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: { tags, summary: 'Drop a payout from a draft run (it is to pay again), with its checks', security, params: z.object({ id: idText(), payout_id: idText() }), response: { 200: runReply, ...errors } },
    },
    async (request) => ({
      data: await recorded(request, 'payment_run.item_dropped', request.params.id, () => dropItem(app.db, request.params.id, request.params.payout_id)),
      message: paymentRunMessages.dropped,
    }),
  );

  app.get(
    '/v1/payment-runs/:id/file',
    { onRequest: requireAccess(app, wholeNetwork(staff('payouts'))), schema: { tags, summary: 'The run’s file for its rail (pain.001, NACHA, CSV), the same bytes at every download', security, params: idParamsSchema, response: { 200: z.unknown(), ...errors } } },
    async (request, reply) => {
      const file = await runFile(app.db, request.params.id);
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '')}"`).send(file.body);
    },
  );

  app.get(
    '/v1/payouts/:id/timeline',
    {
      onRequest: requireAccess(app, own(clientOrStaff('payouts')), { tokenScope: 'payouts:read' }),
      schema: { tags: ['payouts'], summary: 'Where a payout’s money is: approved, in a run, sent with its reference, accepted, returned with the reason, paid again', security, params: idParamsSchema, response: { 200: dataReply(payoutTimelineSchema), ...errors } },
    },
    async (request) => ({ data: await payoutTimeline(app.db, scopeOf(request.auth!), request.params.id) }),
  );

  // The bank's answer comes as the file itself, whatever its content type says.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STATUS_FILE_LIMIT }, (request, body, done) => done(jsonTextError(request.headers['content-type'], body as Buffer), body));
    raw.post(
      '/v1/payment-runs/status-files',
      {
        onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
        bodyLimit: STATUS_FILE_LIMIT,
        schema: {
          tags,
          summary: 'Import a bank’s or wallet’s answer (pain.002, NACHA returns and notifications of change, or a status CSV) sent as the raw body: each item matched, its new status, and what was not matched',
          security,
          response: { 200: z.object({ data: statusImportSchema }), ...errors, 413: errorReplySchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
        const { result, returned } = await importStatusFile(app.db, body, request.auth!.id);
        if (!result.repeated) await recordChange(request, 'payment_run.status_imported', { objectId: result.format, after: { matched: result.matched.filter((m) => m.changed).length, unmatched: result.unmatched.length } });
        for (const payoutId of returned) await enqueuePayoutUpdateEmail(app.db, payoutId);
        return { data: result };
      },
    );
  });
};
