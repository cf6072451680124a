import {
  balanceSchema,
  bulkRejectRequestSchema,
  bulkRequestSchema,
  bulkResultSchema,
  changeBankRequestSchema,
  closePeriodRequestSchema,
  closePeriodResultSchema,
  errorReplySchema,
  markPaidRequestSchema,
  payoutDetailSchema,
  payoutListQuerySchema,
  payoutListReplySchema,
  payoutMessages,
  rejectPayoutRequestSchema,
  whenPaidSchema,
  idParamsSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { payouts } from '../../db/schema/index.ts';
import { AppError, ForbiddenError } from '../../lib/errors.ts';
import { type EventType, recordChange } from '../../lib/events.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { balanceOf, whenPaid } from './balance.ts';
import { closePeriod } from './close.ts';
import { bankExportCsv, statementCsv } from './csv.ts';
import { invoicePdf, networkDetails, receiptPdf } from './documents.ts';
import { CLOSE_JOB, closeJob, scheduleNextClose } from './job.ts';
import { findPayout, listPayouts, type PayoutRow, payoutDetail, statementOf, toPayout, type Viewer } from './queries.ts';
import { enqueuePayoutUpdateEmail } from '../email/optional-jobs.ts';
import { approvePayout, bulk, changePayoutBank, markPayoutPaid, rejectPayout, releaseFixedHolds } from './transitions.ts';

const tags = ['payouts'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const idParams = idParamsSchema;
/** A file (PDF or CSV): sent as bytes, never serialised. */
const file = { 200: z.unknown(), ...errors };
const statusReply = z.object({ data: z.object({ id: z.number().int(), status: z.string() }), message: z.string() });

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(CLOSE_JOB, closeJob(app.db, app.log));
  app.addHook('onReady', async () => {
    await scheduleNextClose(app.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule the next period close'));
  });

  const client = requireAuth(app, { role: 'client', tokenScope: 'payouts:read' });
  const signedIn = requireAuth(app, { tokenScope: 'payouts:read' });
  const staff = requireAuth(app, { role: 'staff', permission: 'payouts' });
  /** After a status change: the affiliate gets a payout update email if they want them. */
  const told = async <T>(payoutId: number, change: Promise<T>): Promise<T> => {
    const status = await change;
    await enqueuePayoutUpdateEmail(app.db, payoutId);
    return status;
  };

  /** What the event history keeps of a payout before and after a transition. */
  const state = async (id: number) => {
    const [p] = await app.db
      .select({ status: payouts.status, amount_cents: payouts.amountCents, bank_id: payouts.bankId, reject_reason: payouts.rejectReason, reference: payouts.reference, affiliate_id: payouts.affiliateId })
      .from(payouts)
      .where(eq(payouts.id, id));
    return p ?? null;
  };
  const recorded = async <T>(request: FastifyRequest, type: EventType, id: number, act: () => Promise<T>): Promise<T> => {
    const before = await state(id);
    const result = await act();
    await recordChange(request, type, { objectId: id, subjectId: before?.affiliate_id ?? null, before, after: await state(id) });
    return result;
  };

  /** Affiliates see their own; staff need the payouts permission. */
  const viewer = (request: FastifyRequest): Viewer => {
    const auth = request.auth!;
    if (auth.isClient) return { kind: 'affiliate', id: auth.id };
    if (!auth.permissions.has('payouts')) throw new ForbiddenError();
    return { kind: 'staff' };
  };

  app.get(
    '/v1/balance',
    { onRequest: client, schema: { tags, summary: "The signed-in affiliate's balance", security, response: { 200: z.object({ data: balanceSchema }), ...errors } } },
    async (request) => ({ data: await balanceOf(app.db, request.auth!.id) }),
  );

  app.get(
    '/v1/payouts/when-paid',
    { onRequest: client, schema: { tags, summary: '"When am I paid?": the checklist the period close applies', security, response: { 200: z.object({ data: whenPaidSchema }), ...errors } } },
    async (request) => ({ data: await whenPaid(app.db, request.auth!.id) }),
  );

  app.get(
    '/v1/payouts',
    { onRequest: signedIn, schema: { tags, summary: 'Payouts: the affiliate their own, staff all', security, querystring: payoutListQuerySchema, response: { 200: payoutListReplySchema, ...errors } } },
    async (request) => {
      const who = viewer(request);
      await releaseFixedHolds(app.db, who.kind === 'affiliate' ? [who.id] : undefined);
      return listPayouts(app.db, who, request.query);
    },
  );

  app.get(
    '/v1/payouts/export.csv',
    {
      onRequest: staff,
      schema: { tags, summary: 'Bank export: the payouts to pay by one payment method', security, querystring: z.object({ method: z.string().trim().min(1).max(32) }), response: file },
    },
    async (request, reply) => {
      const list = await listPayouts(app.db, { kind: 'staff' }, payoutListQuerySchema.parse({ status: 'to_pay', method: request.query.method, per_page: 0, sort: 'id', order: 'asc' }));
      const items = await Promise.all(list.data.map(async (payout) => ({ payout, billing: (await findPayout(app.db, { kind: 'staff' }, payout.id)).billing })));
      const name = `payouts-${request.query.method.replace(/[^a-z0-9_-]/gi, '')}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(bankExportCsv(request.query.method, items));
    },
  );

  app.get(
    '/v1/payouts/:id',
    { onRequest: signedIn, schema: { tags, summary: 'A payout with its transitions and statement rows', security, params: idParams, response: { 200: z.object({ data: payoutDetailSchema }), ...errors } } },
    async (request) => ({ data: await payoutDetail(app.db, viewer(request), request.params.id) }),
  );

  /** GET `/v1/payouts/{id}/<path>`: a file made from a payout the viewer may see, downloaded under the name `make` gives it. */
  const payoutFile = (path: string, summary: string, type: string, make: (row: PayoutRow) => Promise<{ name: string; body: Buffer | string }>) =>
    app.get(`/v1/payouts/:id/${path}`, { onRequest: signedIn, schema: { tags, summary, security, params: idParams, response: file } }, async (request, reply) => {
      const { name, body } = await make(await findPayout(app.db, viewer(request), request.params.id));
      return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);
    });

  payoutFile('invoice.pdf', 'The self-billing invoice of a payout', 'application/pdf', async (row) => {
    const payout = toPayout(row);
    return { name: `invoice-${payout.invoice_number}.pdf`, body: await invoicePdf(payout, await statementOf(app.db, row), row.billing, await networkDetails(app.db)) };
  });
  payoutFile('receipt.pdf', 'The receipt of a paid payout', 'application/pdf', async (row) => {
    const payout = toPayout(row);
    if (payout.status !== 'paid') throw new AppError('conflict', payoutMessages.receiptNotPaid);
    return { name: `receipt-${payout.invoice_number}.pdf`, body: await receiptPdf(payout, row.billing, await networkDetails(app.db)) };
  });
  payoutFile('statement.csv', 'Every ledger row behind a payout, as CSV', 'text/csv; charset=utf-8', async (row) => ({ name: `statement-${row.id}.csv`, body: statementCsv(await statementOf(app.db, row)) }));

  app.post(
    '/v1/payouts/close-period',
    { onRequest: staff, schema: { tags, summary: 'Close a period: one payout per affiliate who reaches the minimum', security, body: closePeriodRequestSchema, response: { 200: z.object({ data: closePeriodResultSchema, message: z.string() }), ...errors } } },
    async (request) => {
      const data = await closePeriod(app.db, request.body.period, { byUserId: request.auth!.id });
      await recordChange(request, 'payout.period_closed', { objectId: request.body.period, after: data });
      await scheduleNextClose(app.db, new Date());
      return { data, message: payoutMessages.closed };
    },
  );

  app.post(
    '/v1/payouts/:id/approve',
    { onRequest: staff, schema: { tags, summary: 'Approve a payout: to approve -> to pay', security, params: idParams, response: { 200: statusReply, ...errors } } },
    async (request) => {
      await releaseFixedHolds(app.db);
      const status = await told(request.params.id, recorded(request, 'payout.approved', request.params.id, () => approvePayout(app.db, request.params.id, request.auth!.id)));
      return { data: { id: request.params.id, status }, message: payoutMessages.approved };
    },
  );

  app.post(
    '/v1/payouts/:id/reject',
    { onRequest: staff, schema: { tags, summary: 'Reject a payout with a reason: its amount returns to the balance', security, params: idParams, body: rejectPayoutRequestSchema, response: { 200: statusReply, ...errors } } },
    async (request) => {
      const status = await told(request.params.id, recorded(request, 'payout.rejected', request.params.id, () => rejectPayout(app.db, request.params.id, request.auth!.id, request.body.reject_reason)));
      return { data: { id: request.params.id, status }, message: payoutMessages.rejected };
    },
  );

  app.post(
    '/v1/payouts/:id/mark-paid',
    { onRequest: staff, schema: { tags, summary: 'Mark an approved payout paid', security, params: idParams, body: markPaidRequestSchema, response: { 200: statusReply, ...errors } } },
    async (request) => {
      const status = await told(request.params.id, recorded(request, 'payout.paid', request.params.id, () => markPayoutPaid(app.db, request.params.id, request.auth!.id, request.body?.reference || null)));
      return { data: { id: request.params.id, status }, message: payoutMessages.markedPaid };
    },
  );

  app.post(
    '/v1/payouts/:id/bank',
    { onRequest: staff, schema: { tags, summary: 'Change which of the network banks pays a payout', security, params: idParams, body: changeBankRequestSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      await recorded(request, 'payout.bank_changed', request.params.id, () => changePayoutBank(app.db, request.params.id, request.auth!.id, request.body.bank_id));
      return { message: payoutMessages.bankUpdated };
    },
  );

  const bulkReply = { 200: z.object({ data: bulkResultSchema }), ...errors };
  app.post(
    '/v1/payouts/bulk/approve',
    { onRequest: staff, schema: { tags, summary: 'Approve many payouts: a result per id', security, body: bulkRequestSchema, response: bulkReply } },
    async (request) => {
      await releaseFixedHolds(app.db);
      return { data: await bulk(request.body.ids, (id) => told(id, recorded(request, 'payout.approved', id, () => approvePayout(app.db, id, request.auth!.id)))) };
    },
  );
  app.post(
    '/v1/payouts/bulk/mark-paid',
    { onRequest: staff, schema: { tags, summary: 'Mark many payouts paid: a result per id, each wholly or not at all', security, body: bulkRequestSchema, response: bulkReply } },
    async (request) => ({ data: await bulk(request.body.ids, (id) => told(id, recorded(request, 'payout.paid', id, () => markPayoutPaid(app.db, id, request.auth!.id, null)))) }),
  );
  app.post(
    '/v1/payouts/bulk/reject',
    { onRequest: staff, schema: { tags, summary: 'Reject many payouts with one reason', security, body: bulkRejectRequestSchema, response: bulkReply } },
    async (request) => ({ data: await bulk(request.body.ids, (id) => told(id, recorded(request, 'payout.rejected', id, () => rejectPayout(app.db, id, request.auth!.id, request.body.reject_reason)))) }),
  );
};
