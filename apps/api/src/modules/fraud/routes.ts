import {
  affiliateRatiosReplySchema,
  invalidClicksQuerySchema,
  invalidClicksReplySchema,
  errorReplySchema,
  idParamsSchema,
  networkFraudRulesReplySchema,
  networkFraudRulesRequestSchema,
  offerFraudRulesReplySchema,
  offerFraudRulesRequestSchema,
  sharedGroupsReplySchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { type Access, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { invalidClicksByAffiliate } from './invalid-clicks.ts';
import { affiliateRatios } from './overview.ts';
import { riskHoldTable, rulesOf, saveRiskHolds, saveRules } from './rules.ts';
import { sharedGroups } from '../shared-details/index.ts';

const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };

function routeOptions<S extends { response: Record<number, z.ZodType> }>(app: FastifyInstance, access: Access, operationId: string, summary: string, schema: S) {
  return { onRequest: requireAccess(app, access), schema: { tags: ['fraud'], operationId, summary, security: [{ bearer: [] }], ...schema, response: { ...schema.response, ...errors } } };
}

/** Fraud rules (the network's and an offer's) and the Fraud screen's ratios and shared details (docs/fraud.md). */
export const fraudRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/settings/fraud-rules',
    routeOptions(app, staff('fraud'), 'getNetworkFraudRules', "The network's fraud rules and the payout holds that follow the chargeback ratio", {
      response: { 200: networkFraudRulesReplySchema },
    }),
    async () => ({ data: { rules: await rulesOf(app.db, null), risk_holds: await riskHoldTable(app.db) } }),
  );

  app.put(
    '/v1/settings/fraud-rules',
    routeOptions(app, staff('fraud'), 'putNetworkFraudRules', "Replace the network's fraud rules (and the risk holds, when given)", {
      body: networkFraudRulesRequestSchema,
      response: { 200: networkFraudRulesReplySchema },
    }),
    async (request) => {
      const before = { rules: await rulesOf(app.db, null), risk_holds: await riskHoldTable(app.db) };
      const rules = await saveRules(app.db, null, request.body.rules);
      const risk_holds = request.body.risk_holds ? await saveRiskHolds(app.db, request.body.risk_holds) : before.risk_holds;
      const data = { rules, risk_holds };
      await recordChange(request, 'settings.fraud_rules', { before, after: data });
      return { data };
    },
  );

  app.get(
    '/v1/offers/:id/fraud-rules',
    routeOptions(app, staff('fraud'), 'getOfferFraudRules', "An offer's own fraud rules (each replaces the network's rule of its kind)", {
      params: idParamsSchema,
      response: { 200: offerFraudRulesReplySchema },
    }),
    async (request) => ({ data: { rules: await rulesOf(app.db, request.params.id) } }),
  );

  app.put(
    '/v1/offers/:id/fraud-rules',
    routeOptions(app, staff('fraud'), 'putOfferFraudRules', "Replace an offer's own fraud rules", {
      params: idParamsSchema,
      body: offerFraudRulesRequestSchema,
      response: { 200: offerFraudRulesReplySchema },
    }),
    async (request) => {
      const before = await rulesOf(app.db, request.params.id);
      const rules = await saveRules(app.db, request.params.id, request.body.rules);
      await recordChange(request, 'offer.fraud_rules', { objectId: request.params.id, before: { rules: before }, after: { rules } });
      return { data: { rules } };
    },
  );

  app.get(
    '/v1/fraud/ratios',
    routeOptions(app, wholeNetwork(staff('fraud')), 'listFraudRatios', 'Chargeback and refund ratios of each affiliate with sales, chargebacks or refunds in the last 90 days, highest first, with the extra payout hold days they earn', {
      response: { 200: affiliateRatiosReplySchema },
    }),
    async (request) => ({ data: await affiliateRatios(request.readDb, new Date()) }),
  );

  app.get(
    '/v1/fraud/invalid-clicks',
    routeOptions(app, wholeNetwork(staff('fraud')), 'listInvalidClicks', 'Invalid clicks by affiliate and reason over the last 1, 7, 30 or 90 days: the 100 affiliates with the most, most first', {
      querystring: invalidClicksQuerySchema,
      response: { 200: invalidClicksReplySchema },
    }),
    async (request) => ({ data: await invalidClicksByAffiliate(request.readDb, request.query.days, new Date()) }),
  );

  app.get(
    '/v1/fraud/shared',
    routeOptions(
      app,
      wholeNetwork(staff('fraud')),
      'listSharedDetails',
      'Affiliates sharing payout details, a tax number or a sign-up address: one group per shared detail, matched by its keyed hash (never the value)',
      { response: { 200: sharedGroupsReplySchema } },
    ),
    async () => ({ data: await sharedGroups(app.db) }),
  );
};
