import {
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
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError } from '../../lib/errors.ts';
import { type EventType, recordChange } from '../../lib/events.ts';
import { requireAuth } from '../../plugins/auth.ts';
import * as money from './service.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema };
const idParams = idParamsSchema;
const deleted = z.object({ data: z.object({ deleted: z.literal(true) }) });

export const moneySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsStaff = requireAuth(app, { role: 'staff', permission: 'settings' });
  /** Each write goes to the event history with its object's values before and after. */
  const audit = (request: FastifyRequest, type: EventType, objectId: number | string | null, change: { before?: unknown; after?: unknown }) =>
    recordChange(request, type, { objectId, ...change });
  const one = async <T extends { id: number }>(list: Promise<T[]>, id: number) => (await list).find((x) => x.id === id) ?? null;

  app.get(
    '/v1/settings/money',
    { onRequest: settingsStaff, schema: { tags, summary: 'The referral commission rate and the payout hold', security, response: { 200: dataReply(moneySettingsSchema), ...errors } } },
    async () => ({ data: await money.getMoneySettings(app.db) }),
  );
  app.put(
    '/v1/settings/money',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Change the referral commission rate or the payout hold', security, body: moneySettingsInputSchema, response: { 200: dataReply(moneySettingsSchema), ...errors, 422: errorReplySchema } },
    },
    async (request) => {
      const before = await money.getMoneySettings(app.db);
      const data = await money.putMoneySettings(app.db, request.body);
      await audit(request, 'settings.money', 'money', { before, after: data });
      return { data };
    },
  );

  // ---- Payment methods ----
  app.get(
    '/v1/payment-methods',
    {
      onRequest: requireAuth(app),
      schema: { tags: ['billing'], summary: 'The active payment methods, with their minimum payout and fee', security, response: { 200: dataReply(z.array(paymentMethodSchema.omit({ is_active: true }))), 401: errorReplySchema } },
    },
    async () => ({ data: (await money.listPaymentMethods(app.db, true)).map((m) => ({ id: m.id, type: m.type, name: m.name, min_payout: m.min_payout, fee: m.fee })) }),
  );
  app.get(
    '/v1/settings/payment-methods',
    { onRequest: settingsStaff, schema: { tags, summary: 'Every payment method, active or not', security, response: { 200: dataReply(z.array(paymentMethodSchema)), ...errors } } },
    async () => ({ data: await money.listPaymentMethods(app.db) }),
  );
  app.post(
    '/v1/settings/payment-methods',
    {
      onRequest: settingsStaff,
      schema: {
        tags,
        summary: `Add a payment method (one per type: ${paymentMethodTypes.join(', ')})`,
        security,
        body: paymentMethodInputSchema,
        response: { 201: dataReply(paymentMethodSchema), ...errors, 422: errorReplySchema },
      },
    },
    async (request, reply) => {
      const data = await money.createPaymentMethod(app.db, request.body);
      await audit(request, 'payment_method.created', data.id, { after: data });
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/v1/settings/payment-methods/:id',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Change a payment method', security, params: idParams, body: paymentMethodInputSchema, response: { 200: dataReply(paymentMethodSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema } },
    },
    async (request) => {
      const before = await one(money.listPaymentMethods(app.db), request.params.id);
      const data = await money.updatePaymentMethod(app.db, request.params.id, request.body);
      await audit(request, 'payment_method.updated', data.id, { before, after: data });
      return { data };
    },
  );
  app.delete(
    '/v1/settings/payment-methods/:id',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Delete a payment method nobody is paid by (otherwise deactivate it)', security, params: idParams, response: { 200: deleted, ...errors, 404: errorReplySchema, 409: errorReplySchema } },
    },
    async (request) => {
      const before = await one(money.listPaymentMethods(app.db), request.params.id);
      await money.deletePaymentMethod(app.db, request.params.id);
      await audit(request, 'payment_method.deleted', request.params.id, { before });
      return { data: { deleted: true as const } };
    },
  );

  // ---- Banks ----
  const banksReader = requireAuth(app, { role: 'staff' });
  // Payout staff read the banks too (the change-bank dialog); only settings staff change them.
  const settingsOrPayouts = async (request: FastifyRequest) => {
    const p = request.auth!.permissions;
    if (!p.has('settings') && !p.has('payouts')) throw new ForbiddenError();
  };
  app.get(
    '/v1/settings/banks',
    {
      onRequest: [banksReader, settingsOrPayouts],
      schema: { tags, summary: 'The network’s paying bank accounts (staff with settings or payouts)', security, response: { 200: dataReply(z.array(bankSchema)), ...errors } },
    },
    async () => ({ data: await money.listBanks(app.db) }),
  );
  app.post(
    '/v1/settings/banks',
    { onRequest: settingsStaff, schema: { tags, summary: 'Add a paying bank account', security, body: bankInputSchema, response: { 201: dataReply(bankSchema), ...errors, 422: errorReplySchema } } },
    async (request, reply) => {
      const data = await money.createBank(app.db, request.body);
      await audit(request, 'bank.created', data.id, { after: data });
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/v1/settings/banks/:id',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Change a paying bank account', security, params: idParams, body: bankInputSchema, response: { 200: dataReply(bankSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema } },
    },
    async (request) => {
      const before = await one(money.listBanks(app.db), request.params.id);
      const data = await money.updateBank(app.db, request.params.id, request.body);
      await audit(request, 'bank.updated', data.id, { before, after: data });
      return { data };
    },
  );
  app.delete(
    '/v1/settings/banks/:id',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Delete a bank no payout is paid from (otherwise deactivate it)', security, params: idParams, response: { 200: deleted, ...errors, 404: errorReplySchema, 409: errorReplySchema } },
    },
    async (request) => {
      const before = await one(money.listBanks(app.db), request.params.id);
      await money.deleteBank(app.db, request.params.id);
      await audit(request, 'bank.deleted', request.params.id, { before });
      return { data: { deleted: true as const } };
    },
  );

  // ---- Tax withholdings ----
  app.get(
    '/v1/settings/tax-withholdings',
    { onRequest: settingsStaff, schema: { tags, summary: 'Tax withholding rates per country and recipient type', security, response: { 200: dataReply(z.array(taxWithholdingSchema)), ...errors } } },
    async () => ({ data: await money.listTaxWithholdings(app.db) }),
  );
  app.post(
    '/v1/settings/tax-withholdings',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Add a withholding rate for a country and recipient type', security, body: taxWithholdingInputSchema, response: { 201: dataReply(taxWithholdingSchema), ...errors, 422: errorReplySchema } },
    },
    async (request, reply) => {
      const data = await money.createTaxWithholding(app.db, request.body);
      await audit(request, 'tax_withholding.created', data.id, { after: data });
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/v1/settings/tax-withholdings/:id',
    {
      onRequest: settingsStaff,
      schema: { tags, summary: 'Change a withholding rate', security, params: idParams, body: taxWithholdingInputSchema, response: { 200: dataReply(taxWithholdingSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema } },
    },
    async (request) => {
      const before = await one(money.listTaxWithholdings(app.db), request.params.id);
      const data = await money.updateTaxWithholding(app.db, request.params.id, request.body);
      await audit(request, 'tax_withholding.updated', data.id, { before, after: data });
      return { data };
    },
  );
  app.delete(
    '/v1/settings/tax-withholdings/:id',
    { onRequest: settingsStaff, schema: { tags, summary: 'Delete a withholding rate', security, params: idParams, response: { 200: deleted, ...errors, 404: errorReplySchema } } },
    async (request) => {
      const before = await one(money.listTaxWithholdings(app.db), request.params.id);
      await money.deleteTaxWithholding(app.db, request.params.id);
      await audit(request, 'tax_withholding.deleted', request.params.id, { before });
      return { data: { deleted: true as const } };
    },
  );

  // ---- Custom split fees ----
  const affiliateParams = z.object({ affiliate_id: idText() });
  app.get(
    '/v1/settings/split-fees',
    { onRequest: settingsStaff, schema: { tags, summary: 'Affiliates with a custom split fee', security, response: { 200: dataReply(z.array(splitFeeSchema)), ...errors } } },
    async () => ({ data: await money.listSplitFees(app.db) }),
  );
  app.put(
    '/v1/settings/split-fees/:affiliate_id',
    {
      onRequest: settingsStaff,
      schema: {
        tags,
        summary: 'Set the share of each of this affiliate’s payouts the network keeps',
        security,
        params: affiliateParams,
        body: splitFeeInputSchema,
        response: { 200: dataReply(splitFeeSchema), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      const before = (await money.listSplitFees(app.db)).find((f) => f.affiliate.id === request.params.affiliate_id) ?? null;
      const data = await money.putSplitFee(app.db, request.params.affiliate_id, request.body.rate, request.auth!.id);
      await audit(request, before ? 'split_fee.updated' : 'split_fee.created', request.params.affiliate_id, { before, after: data });
      return { data };
    },
  );
  app.delete(
    '/v1/settings/split-fees/:affiliate_id',
    { onRequest: settingsStaff, schema: { tags, summary: 'Remove an affiliate’s custom split fee', security, params: affiliateParams, response: { 200: deleted, ...errors, 404: errorReplySchema } } },
    async (request) => {
      const before = (await money.listSplitFees(app.db)).find((f) => f.affiliate.id === request.params.affiliate_id) ?? null;
      await money.deleteSplitFee(app.db, request.params.affiliate_id);
      await audit(request, 'split_fee.deleted', request.params.affiliate_id, { before });
      return { data: { deleted: true as const } };
    },
  );
};
