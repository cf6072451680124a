import {
  backupWithholdingInputSchema,
  backupWithholdingSchema,
  bankInputSchema,
  bankSchema,
  dataReply,
  errorReplySchema,
  moneySettingsInputSchema,
  moneySettingsSchema,
  paymentMethodInputSchema,
  paymentMethodSchema,
  paymentMethodTypes,
  splitFeeInputSchema,
  splitFeeSchema,
  taxWithholdingInputSchema,
  taxWithholdingSchema,
  idParamsSchema,
  idText,
  payingAccountsInputSchema,
  payingAccountsSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recordChange } from '../../lib/events.ts';
import { type Access, ofAffiliate, signedIn, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { documentRoutes } from '../../plugins/document-routes.ts';
import { getPayingAccounts, putPayingAccounts } from './paying-accounts.ts';
import * as money from './service.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema };
const deleted = z.object({ data: z.object({ deleted: z.literal(true) }) });

/**
 * One list of the money settings (payment methods, banks, tax withholdings, split fees): GET the
 * rows, POST a new one (when rows have their own ids), PUT and DELETE by key. Each write goes to
 * the event history as `<object>.created|updated|deleted` with the row before and after.
 */
interface ListSpec<Row, Input> {
  /** e.g. `/v1/settings/banks`; rows live at `<path>/{<key>}`. */
  path: string;
  /** Who may read the list, and who may add, change and delete its rows. */
  access: { read: Access; write: Access };
  key: 'id' | 'affiliate_id';
  /** The event history's object type (`bank` -> `bank.created`). */
  object: string;
  row: z.ZodType<Row>;
  input: z.ZodType<Input>;
  summaries: { list: string; create?: string; update: string; remove: string };
  list: () => Promise<Row[]>;
  keyOf: (row: Row) => number;
  create?: (input: Input) => Promise<Row>;
  /** Also creates the row when the list is keyed by something else's id (split fees). */
  update: (key: number, input: Input, request: FastifyRequest) => Promise<Row>;
  remove: (key: number) => Promise<void>;
  /** DELETE answers 409 when the row is still in use. */
  inUse?: boolean;
}

/** The money service's list, create, update and delete of one list whose rows have their own ids. */
interface RowsById<Row extends { id: number }, Input> {
  list: (db: Db) => Promise<Row[]>;
  create: (db: Db, input: Input) => Promise<Row>;
  update: (db: Db, id: number, input: Input) => Promise<Row>;
  remove: (db: Db, id: number) => Promise<void>;
}

export const moneySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  function listRoutes<Row, Input>(spec: ListSpec<Row, Input>) {
    const { path, key } = spec;
    const itemPath = `${path}/:${key}`;
    const params = key === 'id' ? idParamsSchema : z.object({ affiliate_id: idText() });
    const rowReply = dataReply(spec.row);
    const find = async (k: number) => (await spec.list()).find((r) => spec.keyOf(r) === k) ?? null;
    const keyOfParams = (request: FastifyRequest) => (request.params as Record<string, number>)[key]!;

    app.get(path, { onRequest: requireAccess(app, spec.access.read), schema: { tags, summary: spec.summaries.list, security, response: { 200: dataReply(z.array(spec.row)), ...errors } } }, async () => ({
      data: await spec.list(),
    }));
    const { create, summaries } = spec;
    if (create && summaries.create) {
      app.post(
        path,
        { onRequest: requireAccess(app, spec.access.write), schema: { tags, summary: summaries.create, security, body: spec.input, response: { 201: rowReply, ...errors, 422: errorReplySchema } } },
        async (request, reply) => {
          const data = await create(request.body as Input);
          await recordChange(request, `${spec.object}.created`, { objectId: spec.keyOf(data), after: data });
          return reply.status(201).send({ data });
        },
      );
    }
    app.put(
      itemPath,
      {
        onRequest: requireAccess(app, spec.access.write),
        schema: { tags, summary: summaries.update, security, params, body: spec.input, response: { 200: rowReply, ...errors, 404: errorReplySchema, 422: errorReplySchema } },
      },
      async (request) => {
        const k = keyOfParams(request);
        const before = await find(k);
        const data = await spec.update(k, request.body as Input, request);
        await recordChange(request, `${spec.object}.${before ? 'updated' : 'created'}`, { objectId: k, before, after: data });
        return { data };
      },
    );
    app.delete(
      itemPath,
      {
        onRequest: requireAccess(app, spec.access.write),
        schema: { tags, summary: summaries.remove, security, params, response: { 200: deleted, ...errors, 404: errorReplySchema, ...(spec.inUse ? { 409: errorReplySchema } : {}) } },
      },
      async (request) => {
        const k = keyOfParams(request);
        const before = await find(k);
        await spec.remove(k);
        await recordChange(request, `${spec.object}.deleted`, { objectId: k, before });
        return { data: { deleted: true as const } };
      },
    );
  }

  /** A list keyed by its rows' own ids, kept by the service's functions for it. */
  function byId<Row extends { id: number }, Input>(service: RowsById<Row, Input>) {
    return {
      key: 'id' as const,
      list: () => service.list(app.db),
      keyOf: (row: Row) => row.id,
      create: (input: Input) => service.create(app.db, input),
      update: (id: number, input: Input) => service.update(app.db, id, input),
      remove: (id: number) => service.remove(app.db, id),
    };
  }

  // ---- Referral rate and hold; US backup withholding ----
  documentRoutes<z.output<typeof moneySettingsInputSchema>>(app, {
    path: '/v1/settings/money',
    access: staff('settings'),
    summaries: { get: 'The referral commission rate and the payout hold', put: 'Change the referral commission rate or the payout hold' },
    body: moneySettingsInputSchema, reply: moneySettingsSchema,
    get: () => money.getMoneySettings(app.db), put: (input) => money.putMoneySettings(app.db, input),
    event: { type: 'settings.money', objectId: 'money' },
  });
  documentRoutes<z.output<typeof backupWithholdingInputSchema>>(app, {
    path: '/v1/settings/backup-withholding',
    access: staff('settings'),
    summaries: { get: 'The US backup withholding rate, kept while no valid W-9 is on file', put: 'Change the US backup withholding rate' },
    body: backupWithholdingInputSchema, reply: backupWithholdingSchema,
    get: () => money.getBackupWithholding(app.db), put: (input) => money.putBackupWithholding(app.db, input.rate),
  });

  // ---- Payment methods ----
  app.get(
    '/v1/payment-methods',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags: ['billing'], summary: 'The active payment methods, with their minimum payout and fee', security, response: { 200: dataReply(z.array(paymentMethodSchema.omit({ is_active: true }))), 401: errorReplySchema } },
    },
    async () => ({ data: (await money.listPaymentMethods(app.db, true)).map((m) => ({ id: m.id, type: m.type, name: m.name, min_payout: m.min_payout, fee: m.fee })) }),
  );
  listRoutes({
    path: '/v1/settings/payment-methods', access: { read: staff('settings'), write: staff('settings') }, object: 'payment_method', row: paymentMethodSchema, input: paymentMethodInputSchema, inUse: true,
    summaries: { list: 'Every payment method, active or not', create: `Add a payment method (one per type: ${paymentMethodTypes.join(', ')})`, update: 'Change a payment method', remove: 'Delete a payment method nobody is paid by (otherwise deactivate it)' },
    ...byId({ list: money.listPaymentMethods, create: money.createPaymentMethod, update: money.updatePaymentMethod, remove: money.deletePaymentMethod }),
  });

  // ---- Banks: payout staff read them too (the change-bank dialog); only settings staff change them ----
  listRoutes({
    path: '/v1/settings/banks', access: { read: staff('settings', 'payouts'), write: staff('settings') }, object: 'bank', row: bankSchema, input: bankInputSchema, inUse: true,
    summaries: { list: 'The network’s paying bank accounts (staff with settings or payouts)', create: 'Add a paying bank account', update: 'Change a paying bank account', remove: 'Delete a bank no payout is paid from (otherwise deactivate it)' },
    ...byId({ list: money.listBanks, create: money.createBank, update: money.updateBank, remove: money.deleteBank }),
  });

  // ---- Paying accounts per rail, two-person approval of runs, the cooling-off days (docs/payment-runs.md) ----
  app.get(
    '/v1/settings/paying-accounts',
    { onRequest: requireAccess(app, staff('settings')), schema: { tags, summary: 'The network’s paying accounts per rail and currency, two-person approval of payment runs and the cooling-off days', security, response: { 200: dataReply(payingAccountsSchema), ...errors } } },
    async () => ({ data: await getPayingAccounts(app.db) }),
  );
  app.put(
    '/v1/settings/paying-accounts',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Save the paying accounts (with an id: changed; without: added; left out: deactivated), two-person approval (the owner only) and the cooling-off days',
        security,
        body: payingAccountsInputSchema,
        response: { 200: dataReply(payingAccountsSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      const before = await getPayingAccounts(app.db);
      const data = await putPayingAccounts(app.db, request.body, { isOwner: request.auth!.isOwner });
      await recordChange(request, 'settings.paying_accounts', { objectId: 'paying-accounts', before, after: data });
      return { data };
    },
  );

  // ---- Tax withholdings ----
  listRoutes({
    path: '/v1/settings/tax-withholdings', access: { read: staff('settings'), write: staff('settings') }, object: 'tax_withholding', row: taxWithholdingSchema, input: taxWithholdingInputSchema,
    summaries: { list: 'Tax withholding rates per country and recipient type', create: 'Add a withholding rate for a country and recipient type', update: 'Change a withholding rate', remove: 'Delete a withholding rate' },
    ...byId({ list: money.listTaxWithholdings, create: money.createTaxWithholding, update: money.updateTaxWithholding, remove: money.deleteTaxWithholding }),
  });

  // ---- Custom split fees: one per affiliate, set with PUT ----
  listRoutes({
    path: '/v1/settings/split-fees', access: { read: wholeNetwork(staff('settings')), write: ofAffiliate(staff('settings'), 'affiliate_id') }, key: 'affiliate_id', object: 'split_fee', row: splitFeeSchema, input: splitFeeInputSchema,
    summaries: {
      list: 'Affiliates with a custom split fee',
      update: 'Set the share of each of this affiliate’s payouts the network keeps',
      remove: 'Remove an affiliate’s custom split fee',
    },
    list: () => money.listSplitFees(app.db), keyOf: (r) => r.affiliate.id, update: (affiliateId, input, request) => money.putSplitFee(app.db, affiliateId, input.rate, request.auth!.id), remove: (affiliateId) => money.deleteSplitFee(app.db, affiliateId),
  });
};
