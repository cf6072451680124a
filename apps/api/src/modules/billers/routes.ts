import {
  billerAccountInputSchema,
  billerAccountListReplySchema,
  billerAccountReplySchema,
  billerAccountUpdateSchema,
  billerEventQuerySchema,
  billerEventReplyOneSchema,
  billerEventReplySchema,
  billerMessages,
  type BillerTestPost,
  billerTestPostReplySchema,
  errorReplySchema,
  formatMinorAmount,
  idParamsSchema,
  retentionQuerySchema,
  retentionReplySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { scopeOf } from '../../lib/scope.ts';
import { anyone, clientOrStaff, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { clientIp } from '../clicks/index.ts';
import { eq } from 'drizzle-orm';
import { billerEvents } from '../../db/schema/index.ts';
import { type AccountKeys, createAccount, deleteAccount, listAccounts, loadAccount, rotateAccountKey, toReply, updateAccount } from './accounts.ts';
import { testPostOf } from './test-post.ts';
import { listEvents, replayEvent } from './events.ts';
import type { BillerPost } from './formats/index.ts';
import { receivePost, type ReceiveDeps } from './receive.ts';
import { retention } from './retention.ts';

const tags = ['billers'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

/** A post's fields as strings: the first value of a repeated name, a JSON object's scalars. */
function fieldsOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean') out[k] = String(first);
  }
  return out;
}

export const billerRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys: AccountKeys = { fieldKey: app.config.taxFormKey, publicUrl: app.config.publicUrl };
  const deps: ReceiveDeps = { ...keys, db: app.db, conversionWriter: app.conversionWriter, intake: app.billerIntake };

  app.get(
    '/v1/sites/:id/biller-accounts',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: "A site's biller accounts, each with the postback URL to paste into the biller's admin", security, params: idParamsSchema, response: { 200: billerAccountListReplySchema, ...errors } },
    },
    async (request) => ({ data: await listAccounts(app.db, keys, request.params.id) }),
  );

  app.post(
    '/v1/sites/:id/biller-accounts',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: {
        tags,
        summary: "Add a biller account to a site (the biller's identifiers, its secret, the pass-through field); answers its postback URL",
        security,
        params: idParamsSchema,
        body: billerAccountInputSchema,
        response: { 201: billerAccountReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createAccount(app.db, keys, request.params.id, request.body);
      await recordChange(request, 'biller_account.created', { objectId: data.id, after: { ...data, postback_url: undefined } });
      return reply.code(201).send({ data });
    },
  );

  app.patch(
    '/v1/biller-accounts/:id',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: 'Change a biller account (not its biller)', security, params: idParamsSchema, body: billerAccountUpdateSchema, response: { 200: billerAccountReplySchema, ...errors } },
    },
    async (request) => {
      const data = await updateAccount(app.db, keys, request.params.id, request.body);
      await recordChange(request, 'biller_account.updated', { objectId: data.id, after: { ...data, postback_url: undefined } });
      return { data };
    },
  );

  app.delete(
    '/v1/biller-accounts/:id',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: 'Delete a biller account: its postback URL stops answering at once; its events and conversions stay', security, params: idParamsSchema, response: { 200: billerAccountReplySchema, ...errors } },
    },
    async (request) => {
      const row = await deleteAccount(app.db, request.params.id);
      const data = { ...toReply(keys, row), active: false };
      await recordChange(request, 'biller_account.deleted', { objectId: row.id, before: { ...data, postback_url: undefined } });
      return { data };
    },
  );

  app.post(
    '/v1/biller-accounts/:id/rotate-key',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: { tags, summary: "Replace the account key in the postback URL; the old URL stops answering at once", security, params: idParamsSchema, response: { 200: billerAccountReplySchema, ...errors } },
    },
    async (request) => {
      const data = await rotateAccountKey(app.db, keys, request.params.id);
      await recordChange(request, 'biller_account.key_rotated', { objectId: data.id });
      return { data };
    },
  );

  app.post(
    '/v1/biller-accounts/:id/test-post',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('offers'))),
      schema: {
        tags,
        operationId: 'sendBillerTestPost',
        summary: "Send a test post: a sample $1.00 sale signed the biller's way, to the account's own address; the reply says what it became. It moves no money and is marked as a test in the event log",
        security,
        params: idParamsSchema,
        response: { 200: billerTestPostReplySchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadAccount(app.db, request.params.id);
      const { key, post } = testPostOf(keys, row);
      const out = await receivePost(deps, row.biller, key, post, request.ip, new Date(), { test: true });
      const [event] = out.eventId === null ? [] : await app.db.select({ status: billerEvents.status, reason: billerEvents.reason }).from(billerEvents).where(eq(billerEvents.id, out.eventId));
      const p = out.parsed;
      await recordChange(request, 'biller_account.test_post', { objectId: row.id, data: { event_id: out.eventId, status: event?.status ?? null } });
      const data = {
        event_id: out.eventId,
        status: (event?.status ?? 'rejected') as BillerTestPost['status'],
        reason: event?.reason ?? (out.ok ? null : out.error.message),
        event_type: p?.type ?? null,
        amount: p ? formatMinorAmount(p.amountMinor, p.currency) : null,
        currency: p?.currency ?? null,
        cid: p?.cid ?? null,
      };
      return { data, message: out.ok ? billerMessages.testPostDone : billerMessages.testPostRefused };
    },
  );

  app.get(
    '/v1/biller-events',
    {
      onRequest: requireAccess(app, staff('offers', 'payouts')),
      schema: {
        tags,
        summary: 'Every post the billers sent (card-like fields dropped, secrets redacted) and what it became, filtered by biller, site, status and days',
        security,
        querystring: billerEventQuerySchema,
        response: { 200: billerEventReplySchema, ...errors },
      },
    },
    async (request) => listEvents(request.readDb, scopeOf(request.auth!), request.query),
  );

  app.post(
    '/v1/biller-events/:id/replay',
    {
      onRequest: requireAccess(app, staff('offers', 'payouts')),
      schema: {
        tags,
        summary: 'Process one biller event again after a fix (idempotent: what it already made is not made twice)',
        security,
        params: idParamsSchema,
        response: { 200: billerEventReplyOneSchema, 409: errorReplySchema, ...errors },
      },
    },
    async (request) => {
      const data = await replayEvent(deps, scopeOf(request.auth!), request.params.id);
      await recordChange(request, 'biller_event.replayed', { objectId: data.id, after: { status: data.status, conversion_id: data.conversion_id } });
      return { data };
    },
  );

  app.get(
    '/v1/statistics/retention',
    {
      onRequest: requireAccess(app, clientOrStaff('statistics')),
      schema: {
        tags: ['statistics'],
        summary: "Retention of billers' subscriptions per affiliate and offer: started, active, rebills, churned and churn rate",
        security,
        querystring: retentionQuerySchema,
        response: { 200: retentionReplySchema, ...errors },
      },
    },
    async (request) => ({ data: await retention(request.readDb, scopeOf(request.auth!), request.query) }),
  );

  /** The biller's postback: its own format, GET or POST, form-encoded or JSON. */
  const params = z.object({ biller: z.string().describe("The biller: ccbill, epoch, segpay or verotel"), account_key: z.string().describe("The biller account's key (from its postback URL)") });
  const postback = async (request: { method: string; params: { biller: string; account_key: string }; query: unknown; body?: unknown; headers: Record<string, unknown>; raw: import('node:http').IncomingMessage }, reply: import('fastify').FastifyReply) => {
    const post: BillerPost = {
      method: request.method === 'POST' ? 'POST' : 'GET',
      query: fieldsOf(request.query),
      body: fieldsOf(request.body),
      headers: fieldsOf(request.headers),
    };
    const answer = await receivePost(deps, request.params.biller, request.params.account_key, post, clientIp(request.raw, app.config.trustProxy));
    if (!answer.ok) throw answer.error;
    return reply.code(200).type('text/plain; charset=utf-8').send(answer.body);
  };
  const postbackSchema = (method: string) => ({
    tags,
    summary: `A biller's postback (${method}): the account key in the path is the credential; answers what the biller expects (CCBill, Verotel: OK)`,
    security: [],
    params,
    // Each biller's own parameters pass through as sent (Epoch, Segpay and Verotel post by GET).
    querystring: z.looseObject({
      eventType: z.string().optional().describe("CCBill: the event's name (NewSaleSuccess, RenewalSuccess, Refund, ...)"),
      eventGroupType: z.string().optional().describe('CCBill: the group of the event (Subscription)'),
    }),
    response: { 200: z.string().describe('The plain text the biller expects'), 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema },
  });
  app.get('/billers/:biller/:account_key', { helmet: false, onRequest: requireAccess(app, anyone), schema: postbackSchema('GET') }, postback);
  app.post(
    '/billers/:biller/:account_key',
    { helmet: false, onRequest: requireAccess(app, anyone), schema: { ...postbackSchema('POST'), body: z.record(z.string(), z.unknown()).nullish() } },
    postback,
  );
};
