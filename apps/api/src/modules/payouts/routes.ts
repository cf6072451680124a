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
  unmarkPaidRequestSchema,
  bulkMarkPaidRequestSchema,
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
import { AppError } from '../../lib/errors.ts';
import { networkScope, scopeOf } from '../../lib/scope.ts';
import { type EventType, recordChange } from '../../lib/events.ts';
import { client, clientOrStaff, own, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { balanceOf, nextClose, whenPaid } from './balance.ts';
import { closePeriod } from './close.ts';
import { bankExportCsv, statementCsv } from './csv.ts';
import { invoicePdf, issuerOf, receiptPdf } from './documents.ts';
import { scheduleNextClose } from './job.ts';
import { findPayout, listPayouts, type PayoutRow, payoutDetail, statementOf, toPayout } from './queries.ts';
import { enqueuePayoutUpdateEmail } from '../email/index.ts';
import { approvePayout, bulk, changePayoutBank, markPayoutPaid, rejectPayout, releaseFixedHolds, unmarkPayoutPaid } from './transitions.ts';

const tags = ['payouts'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const idParams = idParamsSchema;
/** A file (PDF or CSV): sent as bytes, never serialised. */
const file = { 200: z.unknown(), ...errors };
const statusReply = z.object({ data: z.object({ id: z.number().int(), status: z.string() }), message: z.string() });

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
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
  /** A payout of an affiliate outside the caller's scope (a manager's, not theirs) is as if it did not exist: 404 before anything changes. */
  const reach = async <T>(request: FastifyRequest, id: number, act: () => Promise<T>): Promise<T> => {
    const scope = scopeOf(request.auth!);
    if (scope.kind !== 'network') await findPayout(app.db, scope, id);
    return act();
  };

  app.get(
    '/v1/balance',
    { onRequest: requireAccess(app, client, { tokenScope: 'payouts:read' }), schema: { tags, summary: "The signed-in affiliate's balance", security, response: { 200: z.object({ data: balanceSchema }), ...errors } } },
    async (request) => ({ data: await balanceOf(app.db, request.auth!.id) }),
  );

  app.get(
    '/v1/payouts/when-paid',
    { onRequest: requireAccess(app, client, { tokenScope: 'payouts:read' }), schema: { tags, summary: '"When am I paid?": the checklist the period close applies', security, response: { 200: z.object({ data: whenPaidSchema }), ...errors } } },
    async (request) => ({ data: await whenPaid(app.db, request.auth!.id) }),
  );

  app.get(
    '/v1/payouts',
    { onRequest: requireAccess(app, clientOrStaff('payouts'), { tokenScope: 'payouts:read' }), schema: { tags, summary: 'Payouts: the affiliate their own, staff all', security, querystring: payoutListQuerySchema, response: { 200: payoutListReplySchema, ...errors } } },
    async (request) => {
      const scope = scopeOf(request.auth!);
      await releaseFixedHolds(app.db, scope);
      const list = await listPayouts(app.db, scope, request.query);
      if (scope.kind === 'affiliate') return list;
      const next = await nextClose(app.db, new Date());
      return { ...list, meta: { ...list.meta, next_close: { period: next.period, date: next.date.toISOString() } } };
    },
  );

  app.get(
    '/v1/payouts/export.csv',
    {
      onRequest: requireAccess(app, staff('payouts')),
      schema: { tags, summary: 'Bank export: the payouts to pay by one payment method', security, querystring: z.object({ method: z.string().trim().min(1).max(32) }), response: file },
    },
    async (request, reply) => {
      const scope = scopeOf(request.auth!);
      const list = await listPayouts(app.db, scope, payoutListQuerySchema.parse({ status: 'to_pay', method: request.query.method, per_page: 'all', sort: 'id', order: 'asc' }));
      const items = await Promise.all(list.data.map(async (payout) => ({ payout, billing: (await findPayout(app.db, scope, payout.id)).billing })));
      const name = `payouts-${request.query.method.replace(/[^a-z0-9_-]/gi, '')}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(bankExportCsv(request.query.method, items));
    },
  );

  app.get(
    '/v1/payouts/:id',
    { onRequest: requireAccess(app, own(clientOrStaff('payouts')), { tokenScope: 'payouts:read' }), schema: { tags, summary: 'A payout with its transitions and statement rows', security, params: idParams, response: { 200: z.object({ data: payoutDetailSchema }), ...errors } } },
    async (request) => ({ data: await payoutDetail(app.db, scopeOf(request.auth!), request.params.id) }),
  );

  /** GET `/v1/payouts/{id}/<path>`: a file made from a payout the viewer may see, downloaded under the name `make` gives it. */
  const payoutFile = (path: string, summary: string, type: string, make: (row: PayoutRow) => Promise<{ name: string; body: Buffer | string }>) =>
    app.get(`/v1/payouts/:id/${path}`, { onRequest: requireAccess(app, own(clientOrStaff('payouts')), { tokenScope: 'payouts:read' }), schema: { tags, summary, security, params: idParams, response: file } }, async (request, reply) => {
      const { name, body } = await make(await findPayout(app.db, scopeOf(request.auth!), request.params.id));
      return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);
    });

  payoutFile('invoice.pdf', 'The self-billing invoice of a payout', 'application/pdf', async (row) => {
    const payout = toPayout(row);
    return { name: `invoice-${payout.invoice_number}.pdf`, body: await invoicePdf(payout, await statementOf(app.db, row), row.billing, await issuerOf(app.db, row.billing)) };
  });
  payoutFile('receipt.pdf', 'The receipt of a paid payout', 'application/pdf', async (row) => {
    const payout = toPayout(row);
    if (payout.status !== 'paid') throw new AppError('conflict', payoutMessages.receiptNotPaid);
    return { name: `receipt-${payout.invoice_number}.pdf`, body: await receiptPdf(payout, row.billing, await issuerOf(app.db, row.billing)) };
  });
  payoutFile('statement.csv', 'Every ledger row behind a payout, as CSV', 'text/csv; charset=utf-8', async (row) => ({ name: `statement-${row.id}.csv`, body: statementCsv(await statementOf(app.db, row)) }));

  app.post(
    '/v1/payouts/close-period',
    { onRequest: requireAccess(app, wholeNetwork(staff('payouts'))), schema: { tags, summary: 'Close a period: one payout per affiliate who reaches the minimum', security, body: closePeriodRequestSchema, response: { 200: z.object({ data: closePeriodResultSchema, message: z.string() }), ...errors } } },
    async (request) => {
      const data = await closePeriod(app.db, request.body.period, { byUserId: request.auth!.id });
      await recordChange(request, 'payout.period_closed', { objectId: request.body.period, after: data });
      await scheduleNextClose(app.db, new Date());
      return { data, message: payoutMessages.closed };
    },
  );

  app.post(
    '/v1/payouts/:id/approve',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Approve a payout: to approve -> to pay', security, params: idParams, response: { 200: statusReply, ...errors } } },
    async (request) => {
      await releaseFixedHolds(app.db, networkScope);
      const status = await told(request.params.id, recorded(request, 'payout.approved', request.params.id, () => reach(request, request.params.id, () => approvePayout(app.db, request.params.id, request.auth!.id))));
      return { data: { id: request.params.id, status }, message: payoutMessages.approved };
    },
  );

  app.post(
    '/v1/payouts/:id/reject',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Reject a payout with a reason: its amount returns to the balance', security, params: idParams, body: rejectPayoutRequestSchema, response: { 200: statusReply, ...errors } } },
    async (request) => {
      const status = await told(request.params.id, recorded(request, 'payout.rejected', request.params.id, () => reach(request, request.params.id, () => rejectPayout(app.db, request.params.id, request.auth!.id, request.body.reject_reason))));
      return { data: { id: request.params.id, status }, message: payoutMessages.rejected };
    },
  );

  app.post(
    '/v1/payouts/:id/mark-paid',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Mark an approved payout paid, with its payment reference and the day it was paid (default today, never in the future)', security, params: idParams, body: markPaidRequestSchema, response: { 200: statusReply, ...errors } } },
    async (request) => {
      const input = { reference: request.body?.reference || null, paidOn: request.body?.paid_on ?? null };
      const status = await told(request.params.id, recorded(request, 'payout.paid', request.params.id, () => reach(request, request.params.id, () => markPayoutPaid(app.db, request.params.id, request.auth!.id, input))));
      return { data: { id: request.params.id, status }, message: payoutMessages.markedPaid };
    },
  );

  app.post(
    '/v1/payouts/:id/unmark-paid',
    {
      onRequest: requireAccess(app, staff('payouts')),
      schema: { tags, summary: 'Return a paid payout to "to pay" within 7 days of marking it paid, with a reason', security, params: idParams, body: unmarkPaidRequestSchema, response: { 200: statusReply, ...errors } },
    },
    async (request) => {
      // No email: the affiliate was told it was paid, and is told again when it is.
      const status = await recorded(request, 'payout.unmarked_paid', request.params.id, () => reach(request, request.params.id, () => unmarkPayoutPaid(app.db, request.params.id, request.auth!.id, request.body.reason)));
      // The affiliate told "we paid you" hears that it was a mistake.
      await enqueuePayoutUpdateEmail(app.db, request.params.id, true);
      return { data: { id: request.params.id, status }, message: payoutMessages.unmarkedPaid };
    },
  );

  app.post(
    '/v1/payouts/:id/bank',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Change which of the network banks pays a payout', security, params: idParams, body: changeBankRequestSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      await recorded(request, 'payout.bank_changed', request.params.id, () => reach(request, request.params.id, () => changePayoutBank(app.db, request.params.id, request.auth!.id, request.body.bank_id)));
      return { message: payoutMessages.bankUpdated };
    },
  );

  const bulkReply = { 200: z.object({ data: bulkResultSchema }), ...errors };
  app.post(
    '/v1/payouts/bulk/approve',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Approve many payouts: a result per id', security, body: bulkRequestSchema, response: bulkReply } },
    async (request) => {
      await releaseFixedHolds(app.db, networkScope);
      return { data: await bulk(request.body.ids, (id) => told(id, recorded(request, 'payout.approved', id, () => reach(request, id, () => approvePayout(app.db, id, request.auth!.id))))) };
    },
  );
  app.post(
    '/v1/payouts/bulk/mark-paid',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Mark many payouts paid with one reference and date paid: a result per id, each wholly or not at all', security, body: bulkMarkPaidRequestSchema, response: bulkReply } },
    async (request) => {
      const input = { reference: request.body.reference || null, paidOn: request.body.paid_on ?? null };
      return { data: await bulk(request.body.ids, (id) => told(id, recorded(request, 'payout.paid', id, () => reach(request, id, () => markPayoutPaid(app.db, id, request.auth!.id, input))))) };
    },
  );
  app.post(
    '/v1/payouts/bulk/reject',
    { onRequest: requireAccess(app, staff('payouts')), schema: { tags, summary: 'Reject many payouts with one reason', security, body: bulkRejectRequestSchema, response: bulkReply } },
    async (request) => ({ data: await bulk(request.body.ids, (id) => told(id, recorded(request, 'payout.rejected', id, () => reach(request, id, () => rejectPayout(app.db, id, request.auth!.id, request.body.reject_reason))))) }),
  );
};
